import {
  balanceForType,
  fenToYuan,
  formatYuan,
  GENERAL_CARD_TYPE,
  yuanToFen,
  type CardLedgerKind,
} from '@marquee/contracts';
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

type BalanceCard = { cardTypeList: readonly string[]; balance: number };

/**
 * What 我的 shows of the card balances: the money there is (`total`), then what tickets and snacks
 * can use. A general card counts in both, so `shared` is said beside them: the two figures are not
 * two sums of money.
 */
export function balanceSummary(storeCard: readonly BalanceCard[]) {
  const fenOf = (cards: readonly BalanceCard[]) =>
    cards.reduce((sum, card) => sum + yuanToFen(card.balance), 0);
  return {
    total: fenToYuan(fenOf(storeCard)),
    film: balanceForType(storeCard, 'film'),
    goods: balanceForType(storeCard, 'goods'),
    shared: fenToYuan(fenOf(storeCard.filter((c) => c.cardTypeList.includes(GENERAL_CARD_TYPE)))),
  };
}

/** The last four digits of a card number, for places that name a card without showing it. */
export function cardTail(cardNo: string): string {
  return cardNo.slice(-4);
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
