import { formatYuan, yuanToFen, type CardLedgerKind } from '@marquee/contracts';
import type { CardsMessage } from './cards-messages';

/** Card type codes to their label; an unknown code shows as it is. */
export const cardTypeLabel: Record<string, CardsMessage> = {
  general: 'typeGeneral',
  film: 'typeFilm',
  goods: 'typeGoods',
};

export const ledgerKindLabel: Record<CardLedgerKind, CardsMessage> = {
  recharge: 'kindRecharge',
  payment: 'kindPayment',
  refund: 'kindRefund',
  hold: 'kindHold',
  hold_release: 'kindHoldRelease',
  hold_commit: 'kindHoldCommit',
  adjustment: 'kindAdjustment',
};

/** A signed yuan amount as the list shows it: "+30.00", "−12.50" (a real minus sign). */
export function signedYuan(yuan: number): string {
  const fen = yuanToFen(yuan);
  const text = formatYuan(Math.abs(fen));
  return fen < 0 ? `−${text}` : `+${text}`;
}

/** Group a card number in fours for reading: 6600 0000 0000 0001. */
export function groupCardNo(cardNo: string): string {
  return cardNo.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Client-side checks of the recharge form; the server checks again. */
export function rechargeProblems(cardNo: string, password: string) {
  return {
    cardNo: /^\d{6,20}$/.test(cardNo.trim()) ? null : ('cardNoInvalid' as const),
    password: /^\d{6,8}$/.test(password.trim()) ? null : ('cardPasswordInvalid' as const),
  };
}
