/**
 * The order lifecycle that film and store orders share: creating an order with its first event,
 * moving it through the transition table, fulfilling a paid order and releasing what an order held
 * through the steps its kind registers (`configureOrders`), the one sweep of expired orders, order
 * numbers and ticket/pickup codes, refund windows, and the user's order list and detail.
 * Other modules import only from here.
 */
export {
  configureOrders,
  type ExchangeCompletion,
  type KindDetail,
  type KindSummary,
  type OrderKindSteps,
  type OrderMoneyReader,
  type OrderRow,
  type StaffRefund,
} from './order-kinds.js';
export {
  createOrder,
  expireOverdueOrders,
  findOrder,
  fulfilPaidOrder,
  handOrderToMember,
  markCounterSale,
  lockOrder,
  lockPaidExchangeOrders,
  orderFamilyIds,
  recordOrderChange,
  rootOrderIdOf,
  releaseOrders,
  markOrderGoodsRefunded,
  setOrderDiscount,
  setOrderGoods,
  reissueTicket,
  setOrderPhone,
  transitionOrder,
  withdrawUnpaidOrder,
} from './order-lifecycle.js';
export { newOrderNo } from './order-codes.js';
export { enqueueExchangeNotice, enqueueOrderNotice } from './order-notices.js';
export { startOrderSweeper, sweepExpiredOrders } from './order-sweeper.js';
export { getOrderDetail, goodsPartOf, listOrders, refundWindowIn } from './order-views.service.js';
export { registerOrderRoutes } from './orders.routes.js';
export { registerOrderConsoleRoutes } from './orders.console.routes.js';
