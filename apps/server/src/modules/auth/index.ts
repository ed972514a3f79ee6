export {
  createSessionAuthenticator,
  SESSION_TTL_SECONDS,
  type SessionAuthenticator,
  type SignedInUser,
} from './auth.service.js';
export type { MessengerProfile } from './auth.repository.js';
export { registerAuthRoutes } from './auth.routes.js';
