import type { StockMovementReason } from '@marquee/contracts/console';

/** Yuan typed in a form to fen (rounded: 0.1 + 0.2 must not become 30.000000000000004). */
export const toFen = (yuan: number) => Math.round(yuan * 100);

export const reasonMessageKey: Record<
  StockMovementReason,
  | 'reasonReceived'
  | 'reasonReturned'
  | 'reasonDamaged'
  | 'reasonExpired'
  | 'reasonLost'
  | 'reasonCorrection'
  | 'reasonTransferOut'
  | 'reasonTransferIn'
> = {
  received: 'reasonReceived',
  returned: 'reasonReturned',
  damaged: 'reasonDamaged',
  expired: 'reasonExpired',
  lost: 'reasonLost',
  correction: 'reasonCorrection',
  transfer_out: 'reasonTransferOut',
  transfer_in: 'reasonTransferIn',
};
