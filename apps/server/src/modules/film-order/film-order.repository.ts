import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL only: the seats of film orders. A seat of a show is active (held or sold) in one row at most. */

/** Lock the user's row: one user's holds run one after another (one pending order per show). */
export function lockUser(trx: Executor, userId: string) {
  return trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Seats of a show that are sold, or held by a hold that has not expired at `now`, with their holder. */
export function listTakenSeats(db: Executor, showId: string, now: Date) {
  return db
    .selectFrom('film_order_seats')
    .innerJoin('orders', 'orders.id', 'film_order_seats.order_id')
    .select([
      'film_order_seats.seat_id',
      'film_order_seats.order_id',
      'film_order_seats.state',
      'orders.user_id',
    ])
    .where('film_order_seats.show_id', '=', showId)
    .where((eb) =>
      eb.or([
        eb('film_order_seats.state', '=', 'sold'),
        eb.and([
          eb('film_order_seats.state', '=', 'held'),
          eb('film_order_seats.hold_expires_at', '>', now),
        ]),
      ]),
    )
    .execute();
}

/** The user's unpaid film orders that hold seats of this show (expired ones included). */
function pendingOrdersForShow(db: Executor, userId: string, showId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'film')
    .where('status', '=', 'pending_payment')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('film_order_seats')
          .select(sql`1`.as('one'))
          .whereRef('film_order_seats.order_id', '=', 'orders.id')
          .where('film_order_seats.show_id', '=', showId),
      ),
    )
    .orderBy('created_at', 'desc');
}

export function listPendingOrdersForShow(db: Executor, userId: string, showId: string) {
  return pendingOrdersForShow(db, userId, showId).execute();
}

/** The same, locked: a row another transaction moved meanwhile drops out (READ COMMITTED re-check). */
export function lockPendingOrdersForShow(trx: Executor, userId: string, showId: string) {
  return pendingOrdersForShow(trx, userId, showId).forUpdate().execute();
}

/** Orders whose expired holds still occupy some of these seats. */
export async function listExpiredHoldOrderIds(
  trx: Executor,
  showId: string,
  seatIds: string[],
  now: Date,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('film_order_seats')
    .select('order_id')
    .distinct()
    .where('show_id', '=', showId)
    .where('seat_id', 'in', seatIds)
    .where('state', '=', 'held')
    .where('hold_expires_at', '<=', now)
    .execute();
  return rows.map((row) => row.order_id).sort();
}

/**
 * Insert the seats of a new hold; a seat already active for the show is skipped by the unique
 * index `film_order_seats_active` (waiting for a concurrent inserter to commit or roll back).
 * Returns the seats actually inserted. Rows go in seat id order so two overlapping holds lock
 * in the same order and cannot deadlock.
 */
export async function insertHeldSeats(
  trx: Executor,
  rows: {
    order_id: string;
    show_id: string;
    seat_id: string;
    price_fen: number;
    discount_price_fen: number;
    hold_expires_at: Date;
  }[],
): Promise<string[]> {
  const sorted = [...rows].sort((a, b) => (a.seat_id < b.seat_id ? -1 : 1));
  const inserted = await trx
    .insertInto('film_order_seats')
    .values(sorted)
    .onConflict((conflict) => conflict.doNothing())
    .returning('seat_id')
    .execute();
  return inserted.map((row) => row.seat_id);
}

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

/** An order's seats with their labels, in label order. */
export function listOrderSeats(db: Executor, orderId: string) {
  return db
    .selectFrom('film_order_seats')
    .innerJoin('seats', 'seats.id', 'film_order_seats.seat_id')
    .select([
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

/** Unpaid film orders past their deadline, locked for the sweep (others' locked rows are skipped). */
export function findSeatLabels(db: Executor, seatIds: string[]) {
  if (seatIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('seats')
    .select(['id', 'label'])
    .where('id', 'in', seatIds)
    .orderBy('y')
    .orderBy('x')
    .execute();
}

/** The show each of these orders holds seats of (an order's seats are all of one show). */
export function listShowIdsOfOrders(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('film_order_seats')
    .select(['order_id', 'show_id'])
    .distinct()
    .where('order_id', 'in', [...orderIds])
    .execute();
}
