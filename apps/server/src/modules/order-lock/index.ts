/**
 * The one order lock (the lock-order rule: an exchange order's original first, then the order).
 * Below orders and cards, so both (and everything above them) lock orders the same way.
 */
export { lockOrder } from './order-lock.js';
