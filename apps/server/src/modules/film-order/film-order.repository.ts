import { sql } from 'kysely';
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
