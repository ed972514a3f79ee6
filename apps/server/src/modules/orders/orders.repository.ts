import type { Insertable } from 'kysely';
import type { OrderStatus } from '@marquee/contracts';
import type { Executor, OrdersTable } from '../../db/schema.js';

export function insertOrder(trx: Executor, order: Insertable<OrdersTable>) {
  return trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
}

export function insertEvent(
  trx: Executor,
  event: { orderId: string; from: OrderStatus | null; to: OrderStatus; reason: string },
) {
  return trx
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      from_status: event.from,
      to_status: event.to,
      reason: event.reason,
    })
    .execute();
}

/** Move an order only if it is still in `from`; the row count says whether this caller won. */
export async function updateStatus(
  trx: Executor,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  extra: { paid_at?: Date; pickup_code?: string } = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: to, ...extra })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findById(db: Executor, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Lock the order row for the rest of the transaction (payments, refunds). */
export function findByIdForUpdate(trx: Executor, orderId: string) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}
