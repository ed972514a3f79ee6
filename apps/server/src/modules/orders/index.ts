export { transitionOrder, newOrderNo, newPickupCode } from './orders.service.js';
export * as ordersRepository from './orders.repository.js';
