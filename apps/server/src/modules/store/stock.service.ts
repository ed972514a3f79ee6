import { randomUUID } from 'node:crypto';
import { coversCinema } from '@marquee/contracts/console';
import type { ConsoleGoods, StockMovement, StockMovementReason } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { variantName } from './catalogue.service.js';
import { readOneGoods } from './goods-console.service.js';
import * as repository from './goods-console.repository.js';

/**
 * Stock moves only by relative movements (decision 018), each cinema's on its own (decision 050):
 * received +n, damaged −n, ... at one cinema, or a transfer (−n at one cinema, +n at another, two
 * movements sharing a transfer id). Each is one transaction that changes `goods_stock.stock` by
 * the delta in one guarded statement per cinema and appends the movements and the audit row.
 * Units held by open orders are already out of `stock`, so a movement never touches them and a
 * later cancellation gives them back on top. Staff move units only at cinemas they cover (a
 * transfer: the cinema the units leave).
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** POST /api/console/goods/stock/move. */
export async function moveStock(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: {
    variantId: string;
    cinemaId: string;
    delta: number;
    reason: StockMovementReason;
    note: string;
  },
): Promise<ConsoleGoods> {
  const now = deps.clock.now();
  const goodsId = await deps.db.transaction().execute(async (trx) => {
    const { variant, cinema } = await findTarget(trx, site, staff, body.variantId, body.cinemaId);
    const stockAfter = await applyDelta(trx, { siteId: site.id, variant, cinema }, body.delta);
    const { id } = await repository.insertMovement(trx, {
      siteId: site.id,
      goodsId: variant.goods_id,
      variantId: variant.id,
      cinemaId: cinema.id,
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
        goodsName: variant.goods_name,
        variantName: variantName(variant.specs),
        cinemaName: cinema.name,
        movementId: String(id),
      },
    });
    return variant.goods_id;
  });
  return readOneGoods(deps.db, site.id, goodsId);
}

/**
 * POST /api/console/goods/stock/transfer: `quantity` units leave one cinema and arrive at another
 * in one transaction (a `transfer_out` and a `transfer_in` movement with one transfer id). The two
 * cinemas' rows are changed in cinema-id order, as every writer of stock locks them; the source
 * short of units → STOCK_SHORT and nothing moves.
 */
export async function transferStock(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: {
    variantId: string;
    fromCinemaId: string;
    toCinemaId: string;
    quantity: number;
    note: string;
  },
): Promise<ConsoleGoods> {
  const now = deps.clock.now();
  const transferId = randomUUID();
  const goodsId = await deps.db.transaction().execute(async (trx) => {
    const from = await findTarget(trx, site, staff, body.variantId, body.fromCinemaId);
    const to = await findCinema(trx, site, body.toCinemaId);
    const { variant } = from;
    const sides = [
      { cinema: from.cinema, delta: -body.quantity, reason: 'transfer_out' as const },
      { cinema: to, delta: body.quantity, reason: 'transfer_in' as const },
    ].sort((a, b) => a.cinema.id.localeCompare(b.cinema.id));
    const after = new Map<string, number>();
    for (const side of sides) {
      const target = { siteId: site.id, variant, cinema: side.cinema };
      const stockAfter = await applyDelta(trx, target, side.delta);
      after.set(side.cinema.id, stockAfter);
      await repository.insertMovement(trx, {
        siteId: site.id,
        goodsId: variant.goods_id,
        variantId: variant.id,
        cinemaId: side.cinema.id,
        transferId,
        delta: side.delta,
        reason: side.reason,
        note: body.note,
        stockAfter,
        staffId: staff.id,
        at: now,
      });
    }
    const fromAfter = after.get(from.cinema.id)!;
    const toAfter = after.get(to.id)!;
    await recordAudit(trx, site, staff, now, {
      action: 'goods.transfer',
      entity: 'goods_variant',
      entityId: variant.id,
      before: { fromStock: fromAfter + body.quantity, toStock: toAfter - body.quantity },
      after: {
        fromStock: fromAfter,
        toStock: toAfter,
        quantity: body.quantity,
        note: body.note,
        goodsName: variant.goods_name,
        variantName: variantName(variant.specs),
        fromCinemaName: from.cinema.name,
        toCinemaName: to.name,
        transferId,
      },
    });
    return variant.goods_id;
  });
  return readOneGoods(deps.db, site.id, goodsId);
}

/**
 * POST /api/console/goods/stock/settings: a variant's reorder level, on/off sale and price at one
 * cinema the caller covers. Its units are untouched.
 */
export async function setCinemaStockSettings(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: {
    variantId: string;
    cinemaId: string;
    reorderLevel: number;
    isOnSale: boolean;
    priceFen: number | null;
  },
): Promise<ConsoleGoods> {
  const now = deps.clock.now();
  const goodsId = await deps.db.transaction().execute(async (trx) => {
    const { variant, cinema } = await findTarget(trx, site, staff, body.variantId, body.cinemaId);
    const [before] = await repository
      .listCinemaStock(trx, site.id, [variant.id])
      .then((rows) => rows.filter((row) => row.cinema_id === cinema.id));
    const settings = {
      reorderLevel: body.reorderLevel,
      isOnSale: body.isOnSale,
      priceFen: body.priceFen,
    };
    await repository.upsertCinemaSettings(
      trx,
      { variantId: variant.id, cinemaId: cinema.id },
      settings,
    );
    const names = {
      goodsName: variant.goods_name,
      variantName: variantName(variant.specs),
      cinemaName: cinema.name,
    };
    await recordAudit(trx, site, staff, now, {
      action: 'goods.cinemaStock',
      entity: 'goods_variant',
      entityId: variant.id,
      before: before
        ? {
            ...names,
            reorderLevel: before.reorder_level,
            isOnSale: before.is_on_sale,
            priceFen: before.price_fen,
          }
        : names,
      after: { ...names, ...settings },
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
      cinemaId: row.cinema_id,
      cinemaName: row.cinema_name,
      delta: row.delta,
      reason: row.reason,
      note: row.note,
      stockAfter: row.stock_after,
      staffName: row.display_name || row.username,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

type Variant = NonNullable<Awaited<ReturnType<typeof repository.findVariantOfSite>>>;
type Cinema = NonNullable<Awaited<ReturnType<typeof repository.findCinemaOfSite>>>;

/** The site's variant at a cinema of the site the caller covers; 40401 / 40301 otherwise. */
async function findTarget(
  trx: Executor,
  site: SiteRow,
  staff: SignedInStaff,
  variantId: string,
  cinemaId: string,
) {
  const variant = isUuid(variantId)
    ? await repository.findVariantOfSite(trx, site.id, variantId)
    : undefined;
  if (!variant) throw notFound('The variant', '商品规格');
  const cinema = await findCinema(trx, site, cinemaId);
  if (!coversCinema(staff, cinema.id)) throw new AppError('STAFF_FORBIDDEN', { cinemaId });
  return { variant, cinema };
}

async function findCinema(trx: Executor, site: SiteRow, cinemaId: string) {
  const cinema = isUuid(cinemaId)
    ? await repository.findCinemaOfSite(trx, site.id, cinemaId)
    : undefined;
  if (!cinema) throw notFound('The cinema', '影城');
  return cinema;
}

/** The cinema's stock after `delta`, or STOCK_SHORT (naming what it has) when it would go below 0. */
async function applyDelta(
  trx: Executor,
  target: { siteId: string; variant: Variant; cinema: Cinema },
  delta: number,
): Promise<number> {
  const { variant, cinema } = target;
  const stockAfter = await repository.addToStock(
    trx,
    { variantId: variant.id, cinemaId: cinema.id },
    delta,
  );
  if (stockAfter !== undefined) return stockAfter;
  // Read again: the row may have changed while this one waited for its lock.
  const [current] = await repository
    .listCinemaStock(trx, target.siteId, [variant.id])
    .then((rows) => rows.filter((row) => row.cinema_id === cinema.id));
  throw new AppError('STOCK_SHORT', {
    variantName: `${variant.goods_name} ${variantName(variant.specs)}`.trim(),
    cinemaName: cinema.name,
    stock: current?.stock ?? 0,
    reservedCount: Number(current?.reserved_count ?? 0),
    delta,
  });
}
