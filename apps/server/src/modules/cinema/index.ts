export { registerCinemaRoutes } from './cinema.routes.js';
export { registerCinemaConsoleRoutes } from './cinema.console.routes.js';
export type { SettleCancelledShowOrder } from './show-cancel.service.js';
export {
  findShowWithLayout,
  findShowInfos,
  showInfoOf,
  cinemaInfoOf,
  type ShowWithLayout,
} from './show-layout.js';
export { haversineMeters } from './geo.js';
export { findCinemaInfo } from './cinema.service.js';
