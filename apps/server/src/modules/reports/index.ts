/**
 * The console's reports: sales, occupancy, goods, card liabilities and WeChat Pay reconciliation,
 * as JSON and CSV. Read-only; other modules' tables are read in SQL as a read model (README).
 */
export { registerReportConsoleRoutes } from './reports.console.routes.js';
