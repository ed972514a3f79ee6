import type { FastifyInstance } from 'fastify';
import {
  bindPhoneCall,
  checkPhoneCodeCall,
  proveBoundPhoneCall,
  sendPhoneCodeCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { bindPhone, proveBoundPhone, type PayPasswordCheck } from './phone-change.service.js';
import { checkPhoneCode, sendPhoneCode } from './phone-codes.service.js';
import { assertResetNotHeld } from './reset-hold.js';

/** `checkPayPassword`: modules/cards' check, handed in by app.ts (cards already imports phone). */
export function registerPhoneRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { checkPayPassword: PayPasswordCheck },
): void {
  bindCall(app, deps, sendPhoneCodeCall, ({ site, user, body, request }) =>
    sendPhoneCode({ ...deps, log: request.log }, site, user, body),
  );
  bindCall(
    app,
    deps,
    proveBoundPhoneCall,
    ({ site, user, body, request }) =>
      proveBoundPhone(
        { ...deps, log: request.log, checkPayPassword: options.checkPayPassword },
        site,
        user,
        body,
      ),
    { rateLimitPerMinute: 20 },
  );
  // Checked before the new pay password is typed; the code stays good for setPassword or
  // resetPassword to use. A reset held after a phone change is refused before the try counts.
  bindCall(
    app,
    deps,
    checkPhoneCodeCall,
    async ({ user, body }) => {
      if (body.purpose === 'payPasswordReset') {
        await assertResetNotHeld(deps.db, user.id, deps.clock.now(), { lockRow: false });
      }
      await checkPhoneCode(deps, user.id, body.purpose, body.code);
      return { isRight: true as const };
    },
    { rateLimitPerMinute: 20 },
  );
  bindCall(
    app,
    deps,
    bindPhoneCall,
    ({ site, user, body, request }) => bindPhone({ ...deps, log: request.log }, site, user, body),
    { rateLimitPerMinute: 20 },
  );
}
