import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL only: the seats an exchange moves and the exchange history (0027). */

/** The order's active seats (sold) become released; answers their show and labels. */
export async function releaseSoldSeats(trx: Executor, orderId: string) {
  const rows = await trx
    .updateTable('film_order_seats')
    .set({ state: 'released' })
    .from('seats')
    .whereRef('seats.id', '=', 'film_order_seats.seat_id')
    .where('film_order_seats.order_id', '=', orderId)
    .where('film_order_seats.state', '=', 'sold')
    .returning([
      'film_order_seats.show_id',
      'film_order_seats.discount_price_fen',
      'seats.label',
      'seats.y',
      'seats.x',
    ])
    .execute();
  return rows.sort((a, b) => a.y - b.y || a.x - b.x);
}

/**
 * The seats sold to the order at the show's prices, in seat id order (concurrent holds wait on each
 * other in the same order); a seat someone holds or bought is skipped (the unique index on active
 * seats decides). Answers the seats inserted.
 */
export async function insertSoldSeats(
  trx: Executor,
  sale: { orderId: string; showId: string; seatIds: readonly string[]; now: Date },
) {
  const seatIds = `{${sale.seatIds.join(',')}}`;
  const { rows } = await sql<{ seat_id: string; discount_price_fen: number }>`
    insert into film_order_seats
      (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at, state)
    select ${sale.orderId}, ${sale.showId}, st.id, sp.price_fen, sp.discount_price_fen,
           ${sale.now}, 'sold'
    from shows sh
    join seats st on st.hall_id = sh.hall_id
    join show_prices sp on sp.show_id = sh.id and sp.area_id = st.area_id
    where sh.id = ${sale.showId} and st.id = any(${seatIds}::uuid[]) and st.kind <> 'unavailable'
    order by st.id
    on conflict do nothing
    returning seat_id, discount_price_fen`.execute(trx);
  return rows;
}

/** What these seats of the show cost (member prices, the show's price areas), in fen. */
export async function priceOfSeats(trx: Executor, showId: string, seatIds: readonly string[]) {
  const seatIdList = `{${seatIds.join(',')}}`;
  const { rows } = await sql<{ fen: string | null }>`
    select sum(sp.discount_price_fen) as fen
    from shows sh
    join seats st on st.hall_id = sh.hall_id
    join show_prices sp on sp.show_id = sh.id and sp.area_id = st.area_id
    where sh.id = ${showId} and st.id = any(${seatIdList}::uuid[])`.execute(trx);
  return Number(rows[0]?.fen ?? 0);
}

/** What the order's sold seats cost (member prices), in fen. */
export async function priceOfSoldSeats(trx: Executor, orderId: string) {
  const row = await trx
    .selectFrom('film_order_seats')
    .select((eb) => eb.fn.sum<string | null>('discount_price_fen').as('fen'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'sold')
    .executeTakeFirst();
  return Number(row?.fen ?? 0);
}

/**
 * A dearer exchange's seats held by its exchange order until its deadline, in seat id order; a
 * seat someone holds or bought is skipped. Answers the seats inserted.
 */
export async function insertHeldSeats(
  trx: Executor,
  hold: { orderId: string; showId: string; seatIds: readonly string[]; until: Date },
) {
  const seatIds = `{${hold.seatIds.join(',')}}`;
  const { rows } = await sql<{ seat_id: string }>`
    insert into film_order_seats
      (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at, state)
    select ${hold.orderId}, ${hold.showId}, st.id, sp.price_fen, sp.discount_price_fen,
           ${hold.until}, 'held'
    from shows sh
    join seats st on st.hall_id = sh.hall_id
    join show_prices sp on sp.show_id = sh.id and sp.area_id = st.area_id
    where sh.id = ${hold.showId} and st.id = any(${seatIds}::uuid[]) and st.kind <> 'unavailable'
    order by st.id
    on conflict do nothing
    returning seat_id`.execute(trx);
  return rows;
}

/**
 * The exchange order's held seats become the original order's sold seats (the rows stay active
 * throughout, so no one can take them in between). Answers the seats moved, in seat order.
 */
export async function handOverHeldSeats(trx: Executor, fromOrderId: string, toOrderId: string) {
  const rows = await trx
    .updateTable('film_order_seats')
    .set({ order_id: toOrderId, state: 'sold' })
    .from('seats')
    .whereRef('seats.id', '=', 'film_order_seats.seat_id')
    .where('film_order_seats.order_id', '=', fromOrderId)
    .where('film_order_seats.state', '=', 'held')
    .returning(['film_order_seats.show_id', 'seats.label', 'seats.y', 'seats.x'])
    .execute();
  return rows.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The exchange order waiting for its difference for this order (decision 031), if any. */
export function findPendingExchangeOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('exchange_of', '=', orderId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirst();
}

/** The seats an order holds, with their show and labels, in seat order. */
export async function listHeldSeats(db: Executor, orderId: string) {
  const rows = await db
    .selectFrom('film_order_seats')
    .innerJoin('seats', 'seats.id', 'film_order_seats.seat_id')
    .select(['film_order_seats.show_id', 'seats.label', 'seats.y', 'seats.x'])
    .where('film_order_seats.order_id', '=', orderId)
    .where('film_order_seats.state', '=', 'held')
    .execute();
  return rows.sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Unpaid orders whose expired holds still sit on these seats of the show (the sweep not run yet). */
export async function listOverdueHoldersOf(
  trx: Executor,
  showId: string,
  seatIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('film_order_seats')
    .select('order_id')
    .distinct()
    .where('show_id', '=', showId)
    .where('seat_id', 'in', [...seatIds])
    .where('state', '=', 'held')
    .where('hold_expires_at', '<=', now)
    .execute();
  return rows.map((row) => row.order_id);
}

export function insertExchange(
  trx: Executor,
  exchange: {
    orderId: string;
    fromShowId: string;
    toShowId: string;
    fromSeatLabels: string[];
    toSeatLabels: string[];
    fromTicketCode: string;
    toTicketCode: string;
    fromAmountFen: number;
    toAmountFen: number;
    /** A dearer exchange's exchange order (decision 031). */
    differenceOrderId?: string;
    now: Date;
  },
) {
  return trx
    .insertInto('film_order_exchanges')
    .values({
      order_id: exchange.orderId,
      from_show_id: exchange.fromShowId,
      to_show_id: exchange.toShowId,
      from_seat_labels: JSON.stringify(exchange.fromSeatLabels),
      to_seat_labels: JSON.stringify(exchange.toSeatLabels),
      from_ticket_code: exchange.fromTicketCode,
      to_ticket_code: exchange.toTicketCode,
      from_amount_fen: exchange.fromAmountFen,
      to_amount_fen: exchange.toAmountFen,
      refund_fen: Math.max(0, exchange.fromAmountFen - exchange.toAmountFen),
      difference_order_id: exchange.differenceOrderId ?? null,
      created_at: exchange.now,
    })
    .execute();
}

export function listExchanges(db: Executor, orderId: string) {
  return db
    .selectFrom('film_order_exchanges')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
