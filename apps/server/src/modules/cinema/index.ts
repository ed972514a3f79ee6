export { registerCinemaRoutes } from './cinema.routes.js';
export {
  findShowWithLayout,
  findShowInfos,
  showInfoOf,
  cinemaInfoOf,
  type ShowWithLayout,
} from './show-layout.js';
export { haversineMeters } from './geo.js';
export { findCinemaInfo } from './cinema.service.js';
