import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL only: the seats of film orders. A seat of a show is active (held or sold) in one row at most. */

/** The user's unpaid film orders that hold seats of this show (expired ones included). */
function pendingOrdersForShow(db: Executor, userId: string, showId: string) {
  return (
    db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'film')
      .where('status', '=', 'pending_payment')
      // A pending exchange order is paid from its original order's page (decision 031).
      .where('exchange_of', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('film_order_seats')
            .select(sql`1`.as('one'))
            .whereRef('film_order_seats.order_id', '=', 'orders.id')
            .where('film_order_seats.show_id', '=', showId),
        ),
      )
      .orderBy('created_at', 'desc')
  );
}

export function listPendingOrdersForShow(db: Executor, userId: string, showId: string) {
  return pendingOrdersForShow(db, userId, showId).execute();
}

/** The user's latest film order of this show that was paid (its ticket issued or used since). */
export function findLatestPaidOrderForShow(
  db: Executor,
  siteId: string,
  userId: string,
  showId: string,
) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'film')
    .where('status', 'in', ['paid', 'ticketed', 'used'])
    .where('exchange_of', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('film_order_seats')
          .select(sql`1`.as('one'))
          .whereRef('film_order_seats.order_id', '=', 'orders.id')
          .where('film_order_seats.show_id', '=', showId),
      ),
    )
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The text of the hold, written once (not built per call: the hot path of a pre-sale). */
const HOLD_SQL = 'select * from hold_film_seats($1, $2, $3, $4::uuid[], $5, $6, $7)';

/**
 * The whole hold in one statement (`hold_film_seats`, migration 0013): the user's previous unpaid
 * order for the show and expired holds on these seats give way, the order, its first event and
 * its seats are inserted; the unique index on active seats decides races. Answers the new order
 * and its seats' prices, or the labels of the seats someone else holds (nothing written then).
 * Throws with code MQ404 (no such show on this site), MQ410 (the show has started) or MQ411 (the
 * site's online sales of the show have closed, 0021). The hold ends at `holdExpiresAt` or when
 * sales close, whichever is first: `holdExpiresAt` in the answer is the one used. The hold's seat
 * changes are not NOTIFYed in its transaction but answered (`seatChanges`, 0035): the caller
 * announces them after commit.
 */
export async function holdSeats(
  db: Executor,
  hold: {
    siteId: string;
    userId: string;
    showId: string;
    seatIds: readonly string[];
    orderNo: string;
    now: Date;
    holdExpiresAt: Date;
  },
): Promise<
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
  | { orderId: null; lostLabels: string[] }
> {
  // The ids are uuids (checked against the layout): a literal keeps arrays out of the drivers.
  const seatIds = `{${hold.seatIds.join(',')}}`;
  const { rows } = await db.executeQuery<{
    new_order_id: string | null;
    total_fen: number;
    held_seats: { seatId: string; priceFen: number; discountPriceFen: number }[] | null;
    lost_labels: string[];
    hold_deadline_at: Date | string | null;
    seat_changes: unknown[];
  }>(
    CompiledQuery.raw(HOLD_SQL, [
      hold.siteId,
      hold.userId,
      hold.showId,
      seatIds,
      hold.orderNo,
      hold.now,
      hold.holdExpiresAt,
    ]),
  );
  const row = rows[0]!;
  if (row.new_order_id === null) return { orderId: null, lostLabels: row.lost_labels };
  return {
    orderId: row.new_order_id,
    orderNo: hold.orderNo,
    amountFen: row.total_fen,
    seats: row.held_seats ?? [],
    holdExpiresAt: new Date(row.hold_deadline_at!),
    lostLabels: null,
    seatChanges: row.seat_changes,
  };
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

export async function releaseSeats(trx: Executor, orderId: string): Promise<number> {
  const result = await trx
    .updateTable('film_order_seats')
    .set({ state: 'released' })
    .where('order_id', '=', orderId)
    .where('state', 'in', ['held', 'sold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markSeatsSold(trx: Executor, orderId: string) {
  const result = await trx
    .updateTable('film_order_seats')
    .set({ state: 'sold' })
    .where('order_id', '=', orderId)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function countSeatsByState(db: Executor, orderId: string) {
  return db
    .selectFrom('film_order_seats')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('order_id', '=', orderId)
    .groupBy('state')
    .execute();
}

/** An order's seats with their labels, in label order (not those staff moved it off, 0016). */
export function listOrderSeats(db: Executor, orderId: string) {
  return db
    .selectFrom('film_order_seats')
    .innerJoin('seats', 'seats.id', 'film_order_seats.seat_id')
    .select([
      'film_order_seats.id',
      'film_order_seats.seat_id',
      'film_order_seats.show_id',
      'film_order_seats.price_fen',
      'film_order_seats.discount_price_fen',
      'film_order_seats.state',
      'seats.label',
      'seats.area_id',
      'seats.y',
      'seats.x',
    ])
    .where('film_order_seats.order_id', '=', orderId)
    .where('film_order_seats.moved_at', 'is', null)
    .orderBy('seats.y')
    .orderBy('seats.x')
    .execute();
}

export function findFilmOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('kind', '=', 'film')
    .executeTakeFirst();
}

/**
 * The show each of these orders is for: its latest seats' (an exchanged order also has the
 * released seats of the show it left, decision 025).
 */
export function listShowIdsOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('film_order_seats')
    .select(['order_id', 'show_id'])
    .distinctOn('order_id')
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id', 'desc')
    .execute();
}
