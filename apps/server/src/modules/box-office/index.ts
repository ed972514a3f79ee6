/**
 * The box office: selling at a cinema's counter through the film-order, store, cards, payment and
 * orders modules, the cashier's shift with its cash drawer ledger, the day's close, and printing.
 * Other modules import only from here.
 */
export { registerBoxOfficeConsoleRoutes } from './box-office.console.routes.js';
export { openShiftsAt } from './shifts.service.js';
