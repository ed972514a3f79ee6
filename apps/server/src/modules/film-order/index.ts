/**
 * Film orders: an unpaid order after its hold (the hold itself: seat-holds), cancel, and the steps the orders module
 * runs for a film order (sell or release its seats, show it on order pages).
 */
export { registerFilmOrderRoutes } from './film-order.routes.js';
export { setFilmOrderGoods } from './film-order-goods.service.js';
export { registerFilmOrderConsoleRoutes } from './film-order.console.routes.js';
export { filmOrderSteps } from './film-order-kind.js';
export {
  /**
   * An order with its seats, show and cinema for order pages (`userId` and `siteId` included so
   * callers can check ownership); null for an unknown id or a store order. With `now`, an
   * unpaid order past its deadline reads as expired.
   */
  getFilmOrderView,
  /** A new hold's order as its page shows it (registerSeatHolds' `orderView`). */
  holdOrderView,
  type FilmOrderView,
} from './film-order-view.js';
export {
  /** The film side of a ticket exchange (改签); the use case is payment's exchangeFilmOrder. */
  checkExchangeChoice,
  currentShowIdOf,
  hasExchange,
  moveOrderSeats,
  recordExchange,
} from './film-order-exchange.js';
export {
  /** The film side of a dearer exchange (decision 031): the exchange order's seats. */
  findPendingExchangeOrder,
  handOverExchangeSeats,
  holdExchangeSeats,
  pendingExchangeOf,
  priceOfSeats,
  priceOfSoldSeats,
} from './film-order-exchange-difference.js';
