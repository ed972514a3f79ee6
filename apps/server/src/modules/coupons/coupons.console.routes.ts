import type { FastifyInstance } from 'fastify';
import {
  campaignCreateCall,
  campaignListCall,
  campaignStateCall,
  campaignUpdateCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall } from '../../plugins/console-calls.js';
import * as service from './campaign-console.service.js';

/**
 * Staff calls of the coupons module (`/api/console/coupons/...`, area `coupons`: owners and
 * managers). Campaigns are the site's; a manager changes only those limited to cinemas they
 * cover (decision 030), which the service checks once it knows the campaign.
 */
export function registerCouponConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const access = { access: 'coupons' } as const;
  bindConsoleCall(app, deps, campaignListCall, access, ({ site, staff }) =>
    service.listCampaigns(deps, site, staff),
  );
  bindConsoleCall(app, deps, campaignCreateCall, access, ({ site, staff, body }) =>
    service.createConsoleCampaign(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, campaignUpdateCall, access, ({ site, staff, body }) =>
    service.updateConsoleCampaign(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, campaignStateCall, access, ({ site, staff, body }) =>
    service.moveConsoleCampaign(deps, site, staff, body),
  );
}
