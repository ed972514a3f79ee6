import type { Executor } from '../../db/schema.js';

/** SQL of the user's order list and detail. */

export async function pageOfOrders(
  db: Executor,
  filter: { siteId: string; userId: string; kind: 'film' | 'store'; limit: number; offset: number },
) {
  const base = db
    .selectFrom('orders')
    .where('site_id', '=', filter.siteId)
    .where('user_id', '=', filter.userId)
    .where('kind', '=', filter.kind);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const { count } = await base
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

export function findOrder(db: Executor, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}
