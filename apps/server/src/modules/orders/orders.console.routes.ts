import type { FastifyInstance } from 'fastify';
import { checkInLookupCall, checkInUseCall } from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall } from '../../plugins/console-calls.js';
import { checkIn, lookupForCheckIn } from './check-in.service.js';

/** Staff calls on orders (`/api/console/...`): check-in at the door and the counter. */
export function registerOrderConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindConsoleCall(
    app,
    deps,
    checkInLookupCall,
    { access: 'checkIn' },
    ({ site, staff, body, lang }) => lookupForCheckIn(deps, site, staff, body.code, lang),
  );
  bindConsoleCall(
    app,
    deps,
    checkInUseCall,
    { access: 'checkIn', rateLimitPerMinute: 240 },
    ({ site, staff, body, lang }) => checkIn(deps, site, staff, body.code, lang),
  );
}
