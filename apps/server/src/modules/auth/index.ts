export {
  createSessionAuthenticator,
  isFreshAuthorisation,
  SESSION_TTL_SECONDS,
} from './auth.service.js';
export type { SessionAuthenticator, SignedInUser } from '../../app-deps.js';
export { registerAuthRoutes } from './auth.routes.js';
