/**
 * Film orders: seat maps, seat holds (an unpaid order), cancel, and what the payment module needs.
 * Every function taking `trx` runs inside the caller's transaction.
 */
export { registerFilmOrderRoutes } from './film-order.routes.js';
export { startHoldSweeper, type HoldSweeper } from './hold-sweeper.js';
export {
  /**
   * Inside the paying transaction, after the order moved to paid: its held seats become sold.
   * The caller must have locked the order row and checked `pay_deadline_at` > now first. Throws
   * HOLD_EXPIRED (rolling the payment back) when the seats were already released.
   */
  markSeatsSold,
  /** Cancel, expiry or refund: the order's held or sold seats are free for others (returns the count). */
  releaseSeats,
  /** Expire unpaid film orders past their deadline and free their seats; returns how many. */
  sweepExpiredHolds,
} from './film-order.service.js';
export {
  /**
   * An order with its seats, show and cinema for order pages (`userId` and `siteId` included so
   * callers can check ownership); null for an unknown id or a store order. With `now`, an
   * unpaid order past its deadline reads as expired.
   */
  getFilmOrderView,
  type FilmOrderView,
} from './film-order-view.js';
