import type { FastifyInstance } from 'fastify';
import { bindPhoneCall, sendPhoneCodeCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { bindPhone, sendPhoneCode } from './phone-codes.service.js';

export function registerPhoneRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, sendPhoneCodeCall, ({ site, user, body, request }) =>
    sendPhoneCode({ ...deps, log: request.log }, site, user, body),
  );
  bindCall(app, deps, bindPhoneCall, ({ user, body }) => bindPhone(deps, user, body), {
    rateLimitPerMinute: 20,
  });
}
