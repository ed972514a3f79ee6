import type { Executor } from '../../db/schema.js';

/** SQL only: broken seats of a show (`show_seat_blocks`) and seats moved off them. */

/** The show's row locked: blocks, repairs and reseats of one show run one after another. */
export function lockShow(trx: Executor, siteId: string, showId: string) {
  return trx
    .selectFrom('shows')
    .select(['id', 'is_on_sale', 'cancelled_at', 'start_at', 'end_at'])
    .where('site_id', '=', siteId)
    .where('id', '=', showId)
    .forUpdate()
    .executeTakeFirst();
}

export function findShowState(db: Executor, showId: string) {
  return db
    .selectFrom('shows')
    .select(['is_on_sale', 'cancelled_at'])
    .where('id', '=', showId)
    .executeTakeFirstOrThrow();
}

export function listActiveBlocks(db: Executor, showId: string) {
  return db
    .selectFrom('show_seat_blocks')
    .select(['seat_id', 'reason', 'blocked_by', 'blocked_at'])
    .where('show_id', '=', showId)
    .where('unblocked_at', 'is', null)
    .execute();
}

/** Block seats; those blocked already are left as they are. Answers the seats newly blocked. */
export async function insertBlocks(
  trx: Executor,
  block: {
    showId: string;
    seatIds: readonly string[];
    reason: string;
    staffId: string;
    staffName: string;
    now: Date;
  },
): Promise<string[]> {
  const rows = await trx
    .insertInto('show_seat_blocks')
    .values(
      block.seatIds.map((seatId) => ({
        show_id: block.showId,
        seat_id: seatId,
        reason: block.reason,
        blocked_by_staff_id: block.staffId,
        blocked_by: block.staffName,
        blocked_at: block.now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('seat_id')
    .execute();
  return rows.map((row) => row.seat_id);
}

/** Lift the blocks of these seats. Answers the seats repaired. */
export async function liftBlocks(
  trx: Executor,
  lift: {
    showId: string;
    seatIds: readonly string[];
    staffId: string;
    staffName: string;
    now: Date;
  },
): Promise<string[]> {
  const rows = await trx
    .updateTable('show_seat_blocks')
    .set({
      unblocked_at: lift.now,
      unblocked_by: lift.staffName,
      unblocked_by_staff_id: lift.staffId,
    })
    .where('show_id', '=', lift.showId)
    .where('seat_id', 'in', [...lift.seatIds])
    .where('unblocked_at', 'is', null)
    .returning('seat_id')
    .execute();
  return rows.map((row) => row.seat_id);
}

/**
 * Every held-or-sold seat row of the show with its order and buyer (expired holds not yet swept
 * included: their rows still occupy the seat until released).
 */
export function listActiveOrderSeats(db: Executor, showId: string) {
  return db
    .selectFrom('film_order_seats as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'f.seat_id',
      'f.state',
      'f.hold_expires_at',
      'o.id as order_id',
      'o.order_no',
      'o.status',
      'o.phone as order_phone',
      'u.phone as user_phone',
    ])
    .where('f.show_id', '=', showId)
    .where('f.state', 'in', ['held', 'sold'])
    .orderBy('o.order_no')
    .execute();
}

/**
 * Release the order's row of `fromSeatId` and give it `toSeatId` in the same state at the same
 * price. Null when the new seat could not be taken (held or sold meanwhile: the unique index; or
 * blocked: 0016's trigger skips the row) — the caller rolls back.
 */
export async function moveSeat(
  trx: Executor,
  move: { orderId: string; showId: string; fromSeatId: string; toSeatId: string; now: Date },
): Promise<{ state: 'held' | 'sold' } | null> {
  const old = await trx
    .selectFrom('film_order_seats')
    .select(['id', 'state', 'price_fen', 'discount_price_fen', 'hold_expires_at'])
    .where('order_id', '=', move.orderId)
    .where('show_id', '=', move.showId)
    .where('seat_id', '=', move.fromSeatId)
    .where('state', 'in', ['held', 'sold'])
    .forUpdate()
    .executeTakeFirst();
  if (!old || old.state === 'released') return null;
  await trx
    .updateTable('film_order_seats')
    .set({ state: 'released', moved_at: move.now })
    .where('id', '=', old.id)
    .execute();
  const inserted = await trx
    .insertInto('film_order_seats')
    .values({
      order_id: move.orderId,
      show_id: move.showId,
      seat_id: move.toSeatId,
      price_fen: old.price_fen,
      discount_price_fen: old.discount_price_fen,
      state: old.state,
      hold_expires_at: old.hold_expires_at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { state: old.state } : null;
}

export function insertMoves(
  trx: Executor,
  moves: {
    orderId: string;
    showId: string;
    fromSeatId: string;
    toSeatId: string;
    reason: string;
    movedAt: Date;
    staffId: string;
  }[],
) {
  return trx
    .insertInto('film_order_seat_moves')
    .values(
      moves.map((move) => ({
        order_id: move.orderId,
        show_id: move.showId,
        from_seat_id: move.fromSeatId,
        to_seat_id: move.toSeatId,
        reason: move.reason,
        moved_at: move.movedAt,
        moved_by_staff_id: move.staffId,
      })),
    )
    .execute();
}

/** The seats staff moved of an order, oldest first, with labels. */
export function listMovesOfOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('film_order_seat_moves as m')
    .innerJoin('seats as f', 'f.id', 'm.from_seat_id')
    .innerJoin('seats as t', 't.id', 'm.to_seat_id')
    .select(['f.label as from_label', 't.label as to_label', 'm.reason', 'm.moved_at'])
    .where('m.order_id', '=', orderId)
    .orderBy('m.id')
    .execute();
}
