/**
 * The goods store: categories, goods and variants with stock, store orders (stock reserved until
 * paid), and what the payment module needs. Every function taking `trx` runs inside the caller's
 * transaction.
 */
export { registerStoreRoutes, type OrderDetailReader } from './store.routes.js';
export { startStoreOrderSweeper } from './store-order-sweeper.js';
export {
  /**
   * Inside the paying transaction, after the order moved to paid: its reserved units become sold.
   * The caller must have locked the order row and checked `pay_deadline_at` first. Throws
   * HOLD_EXPIRED (rolling the payment back) when the units were given back meanwhile.
   */
  markStockSold,
  /** Cancel, expiry or refund: the order's units go back to stock, exactly once. */
  releaseStock,
  /** A free 8-digit pickup code of the site. */
  newStorePickupCode,
  /** Expire unpaid store orders past their deadline and give their units back; returns how many. */
  sweepExpiredStoreOrders,
} from './store-order.service.js';
export { getStoreOrderView, type StoreOrderView } from './store-order-view.js';
