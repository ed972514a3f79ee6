import type { FastifyInstance } from 'fastify';
import {
  exchangeSetTokenCall,
  getUserInfoCall,
  handOffCall,
  loginCall,
  logoutCall,
  setUserPreferencesCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { exchangeMessengerCode } from '../messenger/index.js';
import { signIn, signOut, toUserInfo } from './auth.service.js';
import { exchangeSetToken, mintHandOffCode } from './hand-off.service.js';
import { setUserPreferences } from './user-preferences.service.js';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(
    app,
    deps,
    loginCall,
    async ({ site, body }) =>
      signIn(deps, site, await exchangeMessengerCode(deps, site, body.code)),
    // Codes are guessable only by brute force; keep that slow.
    { rateLimitPerMinute: 30 },
  );
  bindCall(app, deps, getUserInfoCall, async ({ user }) => toUserInfo(user, deps.clock.now()));
  bindCall(app, deps, logoutCall, async ({ user }) => signOut(deps, user));
  bindCall(app, deps, handOffCall, ({ site, user }) => mintHandOffCode(deps, site, user), {
    rateLimitPerMinute: 10,
  });
  // A code is 256 random bits; the limit keeps a link-guessing script slow all the same.
  bindCall(
    app,
    deps,
    exchangeSetTokenCall,
    ({ site, body }) => exchangeSetToken(deps, site, body),
    {
      rateLimitPerMinute: 30,
    },
  );
  bindCall(app, deps, setUserPreferencesCall, ({ user, body }) =>
    setUserPreferences(deps, user, body),
  );
}
