import {
  checkSeatSelection,
  type FilmOrder,
  type RuleLayout,
  type RuleSeat,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { findShowWithLayout, type ShowWithLayout } from '../cinema/index.js';
import {
  createOrder,
  expireOverdueOrders,
  releaseOrders,
  transitionOrder,
  withdrawUnpaidOrder,
  type OrderRow,
} from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { getFilmOrderView, viewOf } from './film-order-view.js';
import * as filmOrderRepository from './film-order.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Thrown inside the hold transaction to roll it back when a seat was taken meanwhile. */
class SeatsTaken extends Error {
  constructor(readonly seatIds: string[]) {
    super('seats taken');
  }
}

/**
 * Hold seats: check the rules, then in one transaction release the user's previous unpaid order
 * for this show and any expired holds on these seats, create the order and insert its seats. The
 * unique index on active seats decides every race; the JavaScript checks only explain refusals.
 */
export async function createFilmOrder(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  input: { showId: string; seatIds: string[] },
): Promise<FilmOrder> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, input.showId);
  if (!layout) throw notFound('Show', '场次');
  // A show staff took off sale or cancelled takes no new holds (a trigger says so again).
  if (!layout.show.is_on_sale || new Date(layout.show.start_at).getTime() <= now.getTime()) {
    throw new AppError('SHOW_NOT_ON_SALE', { showId: layout.show.id });
  }
  const settings = siteSettings(site);
  await checkRules(deps, layout, user, input.seatIds, settings.maxSeatsPerOrder, now);

  const holdExpiresAt = addSeconds(now, settings.holdMinutes * 60);
  const priceOf = new Map(layout.areas.map((area) => [area.id, area]));
  const seats = input.seatIds.map((seatId) => {
    const seat = layout.seats.find((candidate) => candidate.id === seatId)!;
    const area = seat.area_id ? priceOf.get(seat.area_id) : undefined;
    if (!area) throw seatRuleError('SEAT_NOT_FOR_SALE', seat.label);
    return { seat, area };
  });
  const amountFen = seats.reduce((sum, { area }) => sum + area.discount_price_fen, 0);

  let created: OrderRow;
  try {
    created = await withDeadlockRetry(() =>
      deps.db.transaction().execute(async (trx) => {
        await filmOrderRepository.lockUser(trx, user.id);
        await releasePreviousOrders(trx, user.id, layout.show.id, now);
        await releaseExpiredHolds(trx, layout.show.id, input.seatIds, now);
        const order = await createOrder(
          trx,
          {
            site_id: site.id,
            user_id: user.id,
            kind: 'film',
            cinema_id: layout.show.cinema_id,
            amount_fen: amountFen,
            pay_deadline_at: holdExpiresAt,
            created_at: now,
          },
          'seats held',
        );
        const inserted = await filmOrderRepository.insertHeldSeats(
          trx,
          seats.map(({ seat, area }) => ({
            order_id: order.id,
            show_id: layout.show.id,
            seat_id: seat.id,
            price_fen: area.price_fen,
            discount_price_fen: area.discount_price_fen,
            hold_expires_at: holdExpiresAt,
          })),
        );
        const missing = input.seatIds.filter((seatId) => !inserted.includes(seatId));
        if (missing.length > 0) throw new SeatsTaken(missing);
        return order;
      }),
    );
  } catch (error) {
    // Staff stopped sales while this hold was being written (0015's trigger on film_order_seats).
    if ((error as { code?: string }).code === '23514' && /not on sale/.test(String(error))) {
      throw new AppError('SHOW_NOT_ON_SALE', { showId: layout.show.id });
    }
    if (!(error instanceof SeatsTaken)) throw error;
    // Outside the rolled-back transaction: name the seats someone else got first.
    const labels = await filmOrderRepository.findSeatLabels(deps.db, error.seatIds);
    throw new AppError('SEAT_UNAVAILABLE', { seats: labels.map((seat) => seat.label) });
  }
  const inLabelOrder = [...seats].sort((a, b) => a.seat.y - b.seat.y || a.seat.x - b.seat.x);
  const {
    userId: _userId,
    siteId: _siteId,
    ...answer
  } = viewOf(
    created,
    layout.show,
    inLabelOrder.map(({ seat, area }) => ({
      seat_id: seat.id,
      label: seat.label,
      area_id: seat.area_id,
      price_fen: area.price_fen,
      discount_price_fen: area.discount_price_fen,
    })),
    now,
  );
  return answer;
}

export async function getFilmOrder(deps: Deps, user: SignedInUser, orderId: string) {
  return readOrder(deps.db, orderId, user, deps.clock.now());
}

/** Release the seats of an unpaid order. Cancelling a cancelled or expired order answers it as it is. */
export async function cancelFilmOrder(
  deps: Deps,
  user: SignedInUser,
  orderId: string,
): Promise<FilmOrder> {
  const now = deps.clock.now();
  if (!isUuid(orderId)) throw orderNotFound();
  await deps.db.transaction().execute((trx) =>
    withdrawUnpaidOrder(trx, {
      orderId,
      kind: 'film',
      userId: user.id,
      now,
      expiredReason: 'hold expired',
      notFound: orderNotFound,
    }),
  );
  return readOrder(deps.db, orderId, user, now);
}

/** The user's unpaid order for a show whose hold still runs, if any. */
export async function getPendingFilmOrder(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  showId: string,
): Promise<{ order: FilmOrder | null }> {
  const now = deps.clock.now();
  if (!isUuid(showId)) return { order: null };
  const orders = await filmOrderRepository.listPendingOrdersForShow(deps.db, user.id, showId);
  const running = orders.find(
    (order) => order.site_id === site.id && order.pay_deadline_at.getTime() > now.getTime(),
  );
  return { order: running ? await readOrder(deps.db, running.id, user, now) : null };
}

async function readOrder(
  db: Executor,
  orderId: string,
  user: SignedInUser,
  now: Date,
): Promise<FilmOrder> {
  const view = await getFilmOrderView(db, orderId, now);
  if (!view || view.userId !== user.id) throw orderNotFound();
  const { userId: _userId, siteId: _siteId, ...order } = view;
  return order;
}

async function checkRules(
  deps: Deps,
  layout: ShowWithLayout,
  user: SignedInUser,
  seatIds: string[],
  maxSeats: number,
  now: Date,
) {
  const taken = await filmOrderRepository.listTakenSeats(deps.db, layout.show.id, now);
  // The user's own previous hold is released by this one: its seats count as free.
  const takenIds = taken
    .filter((seat) => !(seat.state === 'held' && seat.user_id === user.id))
    .map((seat) => seat.seat_id);
  const byRow = new Map<number, RuleSeat[]>();
  for (const seat of layout.seats) {
    const row = byRow.get(seat.y) ?? [];
    row.push({ id: seat.id, x: seat.x, y: seat.y, kind: seat.kind, label: seat.label });
    byRow.set(seat.y, row);
  }
  const ruleLayout: RuleLayout = { rows: [...byRow.values()].map((seats) => ({ seats })) };

  const check = checkSeatSelection(ruleLayout, takenIds, seatIds, maxSeats);
  if (check.ok) return;
  const takenLabels = check.violations
    .filter((violation) => violation.code === 'SEAT_TAKEN')
    .map((violation) => violation.seatLabel);
  if (takenLabels.length > 0) throw new AppError('SEAT_UNAVAILABLE', { seats: takenLabels });
  const first = check.violations[0]!;
  throw new AppError('SEAT_RULE_VIOLATION', {
    hint: first.hint.zh,
    hintEn: first.hint.en,
    violations: check.violations,
  });
}

function seatRuleError(code: 'SEAT_NOT_FOR_SALE', label: string) {
  return new AppError('SEAT_RULE_VIOLATION', {
    hint: `座位 ${label} 暂不可售，请选择其他座位`,
    hintEn: `Seat ${label} is not for sale. Choose another seat.`,
    violations: [{ code, seatLabel: label }],
  });
}

async function releasePreviousOrders(trx: Executor, userId: string, showId: string, now: Date) {
  const previous = await filmOrderRepository.lockPendingOrdersForShow(trx, userId, showId);
  for (const order of previous) {
    const isOverdue = order.pay_deadline_at.getTime() <= now.getTime();
    await transitionOrder(
      trx,
      order,
      isOverdue ? 'expired' : 'cancelled',
      isOverdue ? 'hold expired' : 'replaced by a new hold',
    );
  }
  await releaseOrders(trx, previous);
}

/** Free these seats where an expired hold still occupies them: expire that order as a whole. */
async function releaseExpiredHolds(trx: Executor, showId: string, seatIds: string[], now: Date) {
  const orderIds = await filmOrderRepository.listExpiredHoldOrderIds(trx, showId, seatIds, now);
  await expireOverdueOrders(trx, orderIds, now, 'hold expired (seats taken over)');
}

function orderNotFound() {
  return notFound('Order', '订单');
}
