import type { FastifyInstance } from 'fastify';
import {
  categoryCreateCall,
  categoryRenameCall,
  categoryReorderCall,
  consoleGoodsListCall,
  goodsCreateCall,
  goodsImageCall,
  goodsSaleCall,
  goodsUpdateCall,
  cinemaStockSettingsCall,
  stockMoveCall,
  stockMovementsCall,
  stockTransferCall,
} from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import { bindConsoleCall } from '../../plugins/console-calls.js';
import * as goodsService from './goods-console.service.js';
import * as stockService from './stock.service.js';

/** A base64 picture of 2 MB and its JSON wrapping. */
const IMAGE_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * Staff calls of the store module (`/api/console/goods/...`, area `goods`: owners and managers).
 * The catalogue is the site's (decision 018), so the area's roles are its whole check; stock and
 * its settings are each cinema's (decision 050): the stock service checks the staff cover it.
 */
export function registerGoodsConsoleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const access = { access: 'goods' } as const;
  bindConsoleCall(app, deps, consoleGoodsListCall, access, ({ site }) =>
    goodsService.listConsoleGoods(deps, site),
  );
  bindConsoleCall(app, deps, categoryCreateCall, access, ({ site, staff, body }) =>
    goodsService.createCategory(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, categoryRenameCall, access, ({ site, staff, body }) =>
    goodsService.renameCategory(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, categoryReorderCall, access, ({ site, staff, body }) =>
    goodsService.reorderCategories(deps, site, staff, body.ids),
  );
  bindConsoleCall(app, deps, goodsCreateCall, access, ({ site, staff, body }) =>
    goodsService.createGoods(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, goodsUpdateCall, access, ({ site, staff, body }) =>
    goodsService.updateGoods(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, goodsSaleCall, access, ({ site, staff, body }) =>
    goodsService.setGoodsOnSale(deps, site, staff, body),
  );
  bindConsoleCall(
    app,
    deps,
    goodsImageCall,
    { ...access, bodyLimit: IMAGE_BODY_LIMIT, rateLimitPerMinute: 30 },
    ({ site, staff, body }) => goodsService.uploadGoodsImage(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, stockMoveCall, access, ({ site, staff, body }) =>
    stockService.moveStock(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, stockTransferCall, access, ({ site, staff, body }) =>
    stockService.transferStock(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, cinemaStockSettingsCall, access, ({ site, staff, body }) =>
    stockService.setCinemaStockSettings(deps, site, staff, body),
  );
  bindConsoleCall(app, deps, stockMovementsCall, access, ({ site, query }) =>
    stockService.listStockMovements(deps, site, query.goodsId),
  );
}
