import {
  checkSeatSelection,
  type FilmOrder,
  type NameLang,
  type RuleLayout,
  type RuleSeat,
  seatName,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { addSeconds } from '../../lib/clock.js';
import { withDeadlockRetry } from '../../lib/deadlock-retry.js';
import { AppError, notFound } from '../../lib/errors.js';
import { metrics } from '../../lib/metrics.js';
import type { SignedInUser } from '../auth/index.js';
import { findShowWithLayout, type ShowWithLayout } from '../cinema/index.js';
import { newOrderNo, type OrderRow } from '../orders/index.js';
import { siteSettings, type SiteRow, type SiteSettings } from '../site/index.js';
import type { HoldBatcher } from './hold-batcher.js';
import type { SeatAnnouncer } from './seat-announcer.js';
import { readTakenSeats, type TakenSeats } from './seat-holds.repository.js';

/** A held seat as the order's answer lists it. */
export interface HeldSeatRow {
  seat_id: string;
  label: string;
  area_id: string | null;
  price_fen: number;
  discount_price_fen: number;
}

/**
 * The answer of a hold: the new unpaid order as its page shows it. The film-order module builds it
 * (film-order-view.ts); buildApp hands it to registerSeatHolds, so this module imports no module
 * that uses it.
 */
export type HoldOrderView = (
  order: OrderRow,
  show: ShowWithLayout['show'],
  seats: HeldSeatRow[],
  now: Date,
  lang: NameLang,
) => FilmOrder;

/** The holds' view of a show's taken seats (taken-seats-memory.ts's `read`). */
export interface TakenSeatsReader {
  read(showId: string, now: Date): Promise<TakenSeats>;
}

type HoldDeps = Pick<AppDeps, 'db' | 'clock'> & {
  seatAnnouncer: SeatAnnouncer;
  holdBatcher: HoldBatcher;
  takenSeats: TakenSeatsReader;
  orderView: HoldOrderView;
};

/**
 * Hold seats: check the rules on the cached layout and the seats taken now, then `hold_film_seats`
 * releases the user's previous unpaid order for this show and any expired holds on these seats,
 * creates the order and inserts its seats: in one statement with the holds that arrive meanwhile,
 * each in a subtransaction of its own (hold-batcher.ts, decision 037). The unique index on active
 * seats decides every race; the JavaScript checks only explain refusals (decision 002). The seat
 * changes are announced to open seat pages after the commit (seat-announcer.ts, migration 0035).
 */
export async function holdSeats(
  deps: HoldDeps,
  site: SiteRow,
  user: Pick<SignedInUser, 'id'>,
  input: { showId: string; seatIds?: string[]; seatLabels?: string[] },
  lang: NameLang = 'zh',
  options: { holdMinutes?: number } = {},
): Promise<FilmOrder> {
  const now = deps.clock.now();
  const layout = await findShowWithLayout(deps.db, site.id, input.showId);
  if (!layout) throw notFound('Show', '场次');
  const seatIds = input.seatIds ?? seatIdsOfLabels(layout, input.seatLabels ?? []);
  // A show staff took off sale or cancelled takes no new holds (a trigger says so again).
  if (!layout.show.is_on_sale || new Date(layout.show.start_at).getTime() <= now.getTime()) {
    throw showNotOnSale(layout.show.id);
  }
  const settings = siteSettings(site);
  // Said here to explain the refusal; hold_film_seats refuses it again (MQ411) and caps the hold.
  if (salesCloseAt(layout.show.start_at, settings).getTime() <= now.getTime()) {
    throw salesClosed(layout.show.id, settings);
  }
  await checkRules(deps, layout, user, seatIds, settings.maxSeatsPerOrder, now);

  const seatById = seatIndexOf(layout.seats);
  const hasArea = new Set(layout.areas.map((area) => area.id));
  for (const seatId of seatIds) {
    const seat = seatById.get(seatId)!;
    if (!seat.area_id || !hasArea.has(seat.area_id)) {
      throw seatRuleError('SEAT_NOT_FOR_SALE', seat.label);
    }
  }

  // A counter hold lasts minutes (the box office's `counterHoldMinutes`), an online one longer.
  const holdExpiresAt = addSeconds(now, (options.holdMinutes ?? settings.holdMinutes) * 60);
  // Sent with the holds that arrive meanwhile, each its own subtransaction (hold-batcher.ts,
  // decision 037); its error is its own, so a deadlock or an order number's clash sends this hold
  // again (in a later batch), as it ran a statement of its own again before.
  const held = await withDeadlockRetry(() =>
    deps.holdBatcher
      .hold({
        siteId: site.id,
        userId: user.id,
        showId: layout.show.id,
        seatIds: seatIds,
        // Drawn per attempt: a clash with another order's number is run again with a new one.
        orderNo: newOrderNo(now),
        now,
        holdExpiresAt,
      })
      .catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (code === 'MQ404') throw notFound('Show', '场次');
        if (code === 'MQ410') throw showNotOnSale(layout.show.id);
        if (code === 'MQ411') throw salesClosed(layout.show.id, settings);
        // Staff stopped sales while this hold was written (0015's trigger on film_order_seats).
        if (code === '23514' && /not on sale/.test(String(error))) {
          throw showNotOnSale(layout.show.id);
        }
        throw error;
      }),
  );
  metrics.seatHolds.inc({ outcome: held.orderId === null ? 'lost' : 'won' });
  if (held.orderId === null) throw new AppError('SEAT_UNAVAILABLE', { seats: held.lostLabels });
  // Committed: open seat pages learn it now (0035), not from inside the hold's transaction.
  // Whose and until when, for every instance's taken seats in memory (taken-seats-memory.ts).
  deps.seatAnnouncer.announce(held.seatChanges, { holderId: user.id, until: held.holdExpiresAt });

  const created: OrderRow = {
    id: held.orderId,
    site_id: site.id,
    user_id: user.id,
    kind: 'film',
    order_no: held.orderNo,
    status: 'pending_payment',
    cinema_id: layout.show.cinema_id,
    amount_fen: held.amountFen,
    discount_fen: 0,
    phone: null,
    pay_deadline_at: held.holdExpiresAt,
    paid_at: null,
    pickup_code: null,
    created_at: now,
    updated_at: now,
    used_at: null,
    used_by_staff_id: null,
    used_by_name: null,
    exchange_of: null,
    goods_fen: 0,
    goods_discount_fen: 0,
    goods_code: null,
    goods_picked_up_at: null,
    goods_picked_up_by_name: null,
    goods_refunded_at: null,
    goods_refunded_fen: 0,
    channel: 'online',
    sold_by_staff_id: null,
  };
  const seats = held.seats
    .map((row) => ({ row, seat: seatById.get(row.seatId)! }))
    .sort((a, b) => a.seat.y - b.seat.y || a.seat.x - b.seat.x);
  return deps.orderView(
    created,
    layout.show,
    seats.map(({ row, seat }) => ({
      seat_id: seat.id,
      label: seat.label,
      area_id: seat.area_id,
      price_fen: row.priceFen,
      discount_price_fen: row.discountPriceFen,
    })),
    now,
    lang,
  );
}

/**
 * The seat rules of a choice of seats (decision 002): advice only, the unique index on active seats
 * decides. Without `takenSeats` (an exchange, not a hold of the hot path) the show is read once.
 */
export async function checkRules(
  deps: Pick<AppDeps, 'db'> & { takenSeats?: TakenSeatsReader },
  layout: ShowWithLayout,
  user: Pick<SignedInUser, 'id'>,
  seatIds: string[],
  maxSeats: number,
  now: Date,
) {
  // Advice only (the index decides): the seats kept in memory from the seat change feed, or a
  // read of the show, will do.
  const taken = deps.takenSeats
    ? await deps.takenSeats.read(layout.show.id, now)
    : await readTakenSeats(deps.db, layout.show.id, now);
  // The user's own previous hold is released by this one: its seats count as free.
  const takenIds = [
    ...taken.sold,
    ...taken.held.filter(([, holder]) => holder !== user.id).map(([seatId]) => seatId),
    ...taken.blocked,
  ];
  const check = checkSeatSelection(ruleRowsOf(layout.seats, seatIds), takenIds, seatIds, maxSeats);
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

/** Seats named by label; an unknown label stays as it is so the rules report it (UNKNOWN_SEAT). */
export function seatIdsOfLabels(layout: ShowWithLayout, labels: readonly string[]): string[] {
  const byLabel = labelIndexOf(layout.seats);
  return labels.map((label) => byLabel.get(label) ?? label);
}
type LayoutSeats = ShowWithLayout['seats'];

/**
 * What is worked out of a cached layout, worked out once: the layout cache hands every hold of a
 * show the same seats array (a Map of its 574 seats per hold was 6 % of the hold path's CPU).
 */
function onceFor<K extends object, V>(cache: WeakMap<K, V>, key: K, build: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build(key);
    cache.set(key, value);
  }
  return value;
}
const seatIndexes = new WeakMap<LayoutSeats, Map<string, LayoutSeats[number]>>();
const seatIndexOf = (seats: LayoutSeats) =>
  onceFor(seatIndexes, seats, () => new Map(seats.map((seat) => [seat.id, seat])));
const labelIndexes = new WeakMap<LayoutSeats, Map<string, string>>();
const labelIndexOf = (seats: LayoutSeats) =>
  onceFor(labelIndexes, seats, () => new Map(seats.map((seat) => [seat.label, seat.id])));

/**
 * The rules' view of only the rows holding these seats. Every seat rule is about a row with a
 * chosen seat in it (gaps beside it, couple halves, a wheelchair space and its companion), so the
 * answer is the same as on the whole hall for a fraction of the work: a hold looks at one or two
 * rows, not thirty (the rules were a tenth of a hold's CPU in a profile of `bench:seats`). Unknown seats
 * are in no row and reported as before.
 */
function ruleRowsOf(seats: ShowWithLayout['seats'], seatIds: readonly string[]): RuleLayout {
  const hall = ruleLayoutOf(seats);
  const rowOf = onceFor(
    rowIndexes,
    hall,
    () => new Map(hall.rows.flatMap((row, index) => row.seats.map((seat) => [seat.id, index]))),
  );
  const indexes = new Set<number>();
  for (const seatId of seatIds) {
    const index = rowOf.get(seatId);
    if (index !== undefined) indexes.add(index);
  }
  return { rows: [...indexes].sort((a, b) => a - b).map((index) => hall.rows[index]!) };
}
const rowIndexes = new WeakMap<RuleLayout, Map<string, number>>();

/** The rules' view of a hall, built once per cached layout (the seats array is the cache's). */
const ruleLayouts = new WeakMap<LayoutSeats, RuleLayout>();
const ruleLayoutOf = (seats: LayoutSeats): RuleLayout =>
  onceFor(ruleLayouts, seats, () => {
    const byRow = new Map<number, RuleSeat[]>();
    for (const seat of seats) {
      const row = byRow.get(seat.y) ?? [];
      row.push({ id: seat.id, x: seat.x, y: seat.y, kind: seat.kind, label: seat.label });
      byRow.set(seat.y, row);
    }
    return { rows: [...byRow.values()].map((rowSeats) => ({ seats: rowSeats })) };
  });

export function seatRuleError(code: 'SEAT_NOT_FOR_SALE', label: string) {
  return new AppError('SEAT_RULE_VIOLATION', {
    hint: `${seatName(label, 'zh')} 暂不可售，请选择其他座位`,
    hintEn: `${seatName(label, 'en')} is not for sale. Choose another seat.`,
    violations: [{ code, seatLabel: label }],
  });
}

export function showNotOnSale(showId: string) {
  return new AppError('SHOW_NOT_ON_SALE', { showId });
}

/** When online sales of a show close: the site's margin before the start (0021). */
export function salesCloseAt(startAt: Date | string, settings: SiteSettings): Date {
  return addSeconds(new Date(startAt), -settings.salesCloseMinutes * 60);
}

export function salesClosed(showId: string, settings: SiteSettings) {
  return new AppError('SHOW_SALES_CLOSED', {
    showId,
    salesCloseMinutes: settings.salesCloseMinutes,
  });
}
