import type { FastifyInstance } from 'fastify';
import { authConfigCall, jsapiTicketCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { jsapiTicket } from './jsapi.service.js';
import { authConfig } from './messenger.service.js';

export function registerMessengerRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, authConfigCall, async ({ site }) => authConfig(site));
  bindCall(app, deps, jsapiTicketCall, async ({ site }) => jsapiTicket(deps, site));
}
