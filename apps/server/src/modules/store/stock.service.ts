import type { ConsoleGoods, StockMovement, StockMovementReason } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { variantName } from './catalogue.service.js';
import { readOneGoods } from './goods-console.service.js';
import * as repository from './goods-console.repository.js';

/**
 * Stock moves only by relative movements (decision 018): received +n, damaged −n, ... Each is one
 * transaction that changes `goods_variants.stock` by the delta in one guarded statement and appends
 * the movement and its audit row. Units held by open orders are already out of `stock`, so a
 * movement never touches them and a later cancellation gives them back on top.
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** POST /api/console/goods/stock/move. */
export async function moveStock(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { variantId: string; delta: number; reason: StockMovementReason; note: string },
): Promise<ConsoleGoods> {
  const now = deps.clock.now();
  const goodsId = await deps.db.transaction().execute(async (trx) => {
    const variant = isUuid(body.variantId)
      ? await repository.findVariantOfSite(trx, site.id, body.variantId)
      : undefined;
    if (!variant) throw notFound('The variant', '商品规格');
    const stockAfter = await repository.addToStock(trx, variant.id, body.delta);
    if (stockAfter === undefined) {
      // Read again: the row may have changed while this one waited for its lock.
      const [current] = await repository
        .listVariants(trx, [variant.goods_id])
        .then((rows) => rows.filter((row) => row.id === variant.id));
      throw new AppError('STOCK_SHORT', {
        variantName: `${variant.goods_name} ${variantName(variant.specs)}`.trim(),
        stock: current?.stock ?? variant.stock,
        reservedCount: Number(current?.reserved_count ?? 0),
        delta: body.delta,
      });
    }
    const { id } = await repository.insertMovement(trx, {
      siteId: site.id,
      goodsId: variant.goods_id,
      variantId: variant.id,
      delta: body.delta,
      reason: body.reason,
      note: body.note,
      stockAfter,
      staffId: staff.id,
      at: now,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'goods.stock',
      entity: 'goods_variant',
      entityId: variant.id,
      before: { stock: stockAfter - body.delta },
      after: {
        stock: stockAfter,
        delta: body.delta,
        reason: body.reason,
        note: body.note,
        movementId: String(id),
      },
    });
    return variant.goods_id;
  });
  return readOneGoods(deps.db, site.id, goodsId);
}

/** GET /api/console/goods/stock/movements: one item's movements, newest first. */
export async function listStockMovements(
  deps: Deps,
  site: SiteRow,
  goodsId: string,
): Promise<{ list: StockMovement[] }> {
  await readOneGoods(deps.db, site.id, goodsId);
  const rows = await repository.listMovements(deps.db, site.id, goodsId);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      variantId: row.variant_id,
      variantName: variantName(row.specs),
      delta: row.delta,
      reason: row.reason,
      note: row.note,
      stockAfter: row.stock_after,
      staffName: row.display_name || row.username,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
