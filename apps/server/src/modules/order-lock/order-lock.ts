import type { Selectable } from 'kysely';
import type { Executor, OrdersTable } from '../../db/schema.js';

/**
 * Lock the order row for the rest of the transaction: the first lock of every use case on it, and
 * the only way any module locks an order. An exchange order's original order is locked before it
 * (decision 031), so that paying an exchange order (which moves the original's seats), charging or
 * refunding its cards, and refunding or exchanging the original take their locks in one order and
 * queue instead of deadlocking.
 */
export async function lockOrder(
  trx: Executor,
  orderId: string,
): Promise<Selectable<OrdersTable> | undefined> {
  const row = await trx
    .selectFrom('orders')
    .select('exchange_of')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row?.exchange_of) await lockRow(trx, row.exchange_of);
  return lockRow(trx, orderId);
}

function lockRow(trx: Executor, orderId: string) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}
