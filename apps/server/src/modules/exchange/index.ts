/**
 * Ticket exchange (改签, decisions 025 and 031): the use case, the payment of a dearer exchange's
 * difference (`completeExchange`, given to orders), and the steps payment's refunds take on a
 * waiting exchange. Its money is the payment module's, handed in by buildApp (`ExchangeMoney`).
 * Other modules import only from here.
 */
export { registerExchangeRoutes } from './exchange.routes.js';
export { completeExchange } from './exchange-completion.js';
export type { ExchangeLog, ExchangeMoney } from './exchange-money.js';
export { giveWayToLapsedExchange, withdrawWaitingExchange } from './exchange.service.js';
