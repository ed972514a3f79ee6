/**
 * The goods store: categories, goods and variants with stock, store orders (stock reserved until
 * paid), and the steps the orders module runs for a store order (sell or give back its units,
 * show it on order pages).
 */
export { registerStoreRoutes } from './store.routes.js';
export { variantName } from './catalogue.service.js';
export { registerGoodsConsoleRoutes } from './goods.console.routes.js';
export { storeOrderSteps } from './store-order-kind.js';
export {
  goodsLinesOfOrders,
  goodsNoteOf,
  releaseOrderGoods,
  replaceOrderGoods,
} from './order-goods.js';
export {
  createStoreOrder,
  expireStaleReservations,
  OutOfStock,
  outOfStockError,
  priceLines,
  type PricedLine,
} from './store-order.service.js';
