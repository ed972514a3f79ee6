import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL only: a statement of seat holds, and a show's taken seats. */

/** The text of the holds, written once (not built per call: the hot path of a pre-sale). */
const HOLD_MANY_SQL = 'select * from hold_film_seats_many($1::jsonb)';

/** One seat hold as `hold_film_seats` takes it. */
export interface HoldRequest {
  siteId: string;
  userId: string;
  showId: string;
  seatIds: readonly string[];
  orderNo: string;
  now: Date;
  holdExpiresAt: Date;
}

/** What one hold came to: its order and seats, or the labels of the seats someone else holds. */
export type HoldResult =
  | {
      orderId: string;
      orderNo: string;
      amountFen: number;
      seats: { seatId: string; priceFen: number; discountPriceFen: number }[];
      holdExpiresAt: Date;
      lostLabels: null;
      /** The seat changes to announce after commit (0035): NOTIFY payloads, in order. */
      seatChanges: unknown[];
    }
  | { orderId: null; lostLabels: string[] };

/** A hold PostgreSQL refused with an error: only that hold was undone (0038). */
export interface HoldFailure {
  /** The SQLSTATE: MQ404, MQ410, MQ411, 23514, 40P01, ... */
  code: string;
  message: string;
  /** The constraint named by the error, if any (an order number's clash: orders_order_no_key). */
  constraint: string | null;
}

/** A statement's holds as `hold_film_seats_many` (and the functions it calls) take them. */
export function holdsJson(holds: readonly HoldRequest[]): string {
  return JSON.stringify(
    holds.map((hold) => ({
      siteId: hold.siteId,
      userId: hold.userId,
      showId: hold.showId,
      // The ids are uuids (checked against the layout): an array literal, parsed by PostgreSQL.
      seatIds: `{${hold.seatIds.join(',')}}`,
      orderNo: hold.orderNo,
      now: hold.now.toISOString(),
      holdExpiresAt: hold.holdExpiresAt.toISOString(),
    })),
  );
}

/**
 * Several holds in one statement and so one transaction (`hold_film_seats_many`, migration 0038),
 * in the order given, each as `hold_film_seats` (0013, last redefined by 0040) does it: the
 * user's previous unpaid order for the show and expired holds on these seats give way, the order,
 * its first event and its seats are inserted; the unique index on active seats decides races,
 * also between holds of the same call. Holds that go through plainly are written together (0041:
 * each hold's locks and probe, then one set of writes for all); otherwise each hold runs in a
 * subtransaction of its own: one answered a failure (MQ404 no such show on this site, MQ410 the
 * show has started, MQ411 its online sales have closed, 23514 staff took it off sale meanwhile, a
 * deadlock, ...) was undone alone, the others are committed when this resolves. The answers are
 * in the order of `holds`.
 * Rejects, with nothing committed, when the statement fails as a whole (a lost connection, a
 * cancel). The hold ends at `holdExpiresAt` or when sales close, whichever is first:
 * `holdExpiresAt` in the answer is the one used. The holds' seat changes are not NOTIFYed in the
 * transaction but answered (`seatChanges`, 0035): the caller announces them after commit.
 */
export async function holdSeatsMany(
  db: Executor,
  holds: readonly HoldRequest[],
): Promise<({ ok: true; result: HoldResult } | { ok: false; failure: HoldFailure })[]> {
  const { rows } = await db.executeQuery<{
    n: number;
    new_order_id: string | null;
    total_fen: number | null;
    held_seats: { seatId: string; priceFen: number; discountPriceFen: number }[] | null;
    lost_labels: string[] | null;
    hold_deadline_at: Date | string | null;
    seat_changes: unknown[] | null;
    error_code: string | null;
    error_message: string | null;
    error_constraint: string | null;
  }>(CompiledQuery.raw(HOLD_MANY_SQL, [holdsJson(holds)]));
  if (rows.length !== holds.length) {
    throw new Error(`hold_film_seats_many answered ${rows.length} rows for ${holds.length} holds`);
  }
  return rows.map((row, index) => {
    if (row.n !== index + 1)
      throw new Error(`hold_film_seats_many answered row ${row.n} as ${index + 1}`);
    if (row.error_code !== null) {
      return {
        ok: false as const,
        failure: {
          code: row.error_code,
          message: row.error_message ?? '',
          constraint: row.error_constraint || null,
        },
      };
    }
    if (row.new_order_id === null) {
      return { ok: true as const, result: { orderId: null, lostLabels: row.lost_labels ?? [] } };
    }
    return {
      ok: true as const,
      result: {
        orderId: row.new_order_id,
        orderNo: holds[index]!.orderNo,
        amountFen: row.total_fen ?? 0,
        seats: row.held_seats ?? [],
        holdExpiresAt: new Date(row.hold_deadline_at!),
        lostLabels: null,
        seatChanges: row.seat_changes ?? [],
      },
    };
  });
}

/**
 * What seat maps and the seat rules need of a show's availability, in one query: the sold seats,
 * the seats held until after `now` with their holder, the seats staff blocked (broken for this
 * show, 0016), and the show's availability version (the last change of any of its seats or
 * blocks; 0 before the first).
 */
export async function readTakenSeats(db: Executor, showId: string, now: Date) {
  const { rows } = await sql<{
    version: number | null;
    sold: string[];
    held: [seatId: string, userId: string, holdExpiresAt: string][];
    blocked: string[];
    next_hold_expiry_at: Date | string | null;
  }>`
    select greatest((select max(version) from film_order_seats where show_id = ${showId}),
                    (select max(version) from show_seat_blocks where show_id = ${showId})) as version,
           coalesce(json_agg(f.seat_id) filter (where f.state = 'sold'), '[]') as sold,
           coalesce(json_agg(json_build_array(f.seat_id, o.user_id, f.hold_expires_at))
                      filter (where f.state = 'held' and f.hold_expires_at > ${now}), '[]') as held,
           min(f.hold_expires_at) filter (where f.state = 'held' and f.hold_expires_at > ${now})
             as next_hold_expiry_at,
           (select coalesce(json_agg(b.seat_id), '[]') from show_seat_blocks b
             where b.show_id = ${showId} and b.unblocked_at is null) as blocked
    from film_order_seats f join orders o on o.id = f.order_id
    where f.show_id = ${showId} and f.state in ('held', 'sold')`.execute(db);
  const row = rows[0]!;
  return {
    version: Number(row.version ?? 0),
    sold: row.sold,
    held: row.held,
    blocked: row.blocked,
    /** When the first of these holds expires (and so reads as free): null when none is held. */
    nextHoldExpiryAt: row.next_hold_expiry_at === null ? null : new Date(row.next_hold_expiry_at),
  };
}
export type TakenSeats = Awaited<ReturnType<typeof readTakenSeats>>;
