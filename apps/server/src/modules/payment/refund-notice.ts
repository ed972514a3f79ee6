import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueOrderNotice, findOrder, orderFamilyIds, rootOrderIdOf } from '../orders/index.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Inside the transaction that recorded a WeChat refund's success: when it was the last refund of
 * a refunded order (and of its exchange orders) still waiting, the refund notice is written: the
 * money has moved. A refund of money that came too late (automatic) does not count; the outbox's
 * unique key keeps a notice and a query arriving together from writing it twice.
 */
export async function noticeWhenRefunded(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<void> {
  const rootId = await rootOrderIdOf(trx, orderId);
  const root = await findOrder(trx, rootId);
  if (root?.status !== 'refunded') return;
  const family = await orderFamilyIds(trx, rootId);
  if (await paymentRepository.hasOpenBuyerRefunds(trx, family)) return;
  await enqueueOrderNotice(trx, rootId, 'refunded', now);
}
