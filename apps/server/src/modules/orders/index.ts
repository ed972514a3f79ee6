export {
  transitionOrder,
  newOrderNo,
  newPickupCode,
  withdrawUnpaidOrder,
} from './orders.service.js';
export * as ordersRepository from './orders.repository.js';
