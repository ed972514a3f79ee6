import type { FastifyInstance } from 'fastify';
import {
  cardAdjustCall,
  cardFindCall,
  cardTypeCreateCall,
  cardTypeListCall,
  cardTypeUpdateCall,
  voucherBatchCsvCall,
  voucherBatchCsvPath,
  voucherBatchIssueCall,
  voucherBatchListCall,
  voucherBatchVoidCall,
  voucherVoidCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall, bindConsoleDownload, requireStaff } from '../../plugins/console-calls.js';
import * as service from './card-console.service.js';

/**
 * Staff calls of the cards module (`/api/console/cards/...`): owners only (area `cards`), except
 * the card type list, which managers read too (docs/decisions/019).
 */
export function registerCardsConsoleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  steps: { recordAudit: service.RecordAudit },
): void {
  const { recordAudit } = steps;
  bindConsoleCall(
    app,
    deps,
    cardTypeListCall,
    { access: 'anyStaff' },
    async ({ site, request }) => {
      await requireStaff(request, { roles: ['owner', 'manager'] });
      return service.listCardTypes(deps, site);
    },
  );
  bindConsoleCall(app, deps, cardTypeCreateCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.createCardType(deps, site, staff, body, recordAudit),
  );
  bindConsoleCall(app, deps, cardTypeUpdateCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.updateCardType(deps, site, staff, body, recordAudit),
  );

  bindConsoleCall(app, deps, voucherBatchListCall, { access: 'cards' }, ({ site }) =>
    service.listBatches(deps, site),
  );
  bindConsoleCall(app, deps, voucherBatchIssueCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.issueBatch(deps, site, staff, body, recordAudit),
  );
  bindConsoleDownload(
    app,
    deps,
    voucherBatchCsvCall,
    { access: 'cards', path: voucherBatchCsvPath, rateLimitPerMinute: 20 },
    ({ site, staff, query, lang }) =>
      service.downloadBatchCsv(deps, site, staff, query.batchId, recordAudit, lang),
  );
  bindConsoleCall(app, deps, voucherBatchVoidCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.voidBatch(deps, site, staff, body.batchId, recordAudit),
  );
  bindConsoleCall(app, deps, voucherVoidCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.voidOneVoucher(deps, site, staff, body.cardNo, recordAudit),
  );

  bindConsoleCall(app, deps, cardFindCall, { access: 'cards' }, ({ site, query }) =>
    service.findCards(deps, site, query.q),
  );
  bindConsoleCall(app, deps, cardAdjustCall, { access: 'cards' }, ({ site, staff, body }) =>
    service.adjustCard(deps, site, staff, body, recordAudit),
  );
}
