import type { Executor, NoticeKind } from '../../db/schema.js';
import * as noticesRepository from './notices.repository.js';

/**
 * Inside the transaction of the event (an order paid, refunded, ready for pickup): the notice to
 * send later, with what it says. Written at most once per event, order and user; nothing here
 * calls WeChat (the worker does, after the commit).
 */
export function enqueueNotice(
  trx: Executor,
  notice: {
    siteId: string;
    userId: string;
    orderId: string;
    kind: NoticeKind;
    payload: Record<string, string>;
    at: Date;
  },
): Promise<void> {
  return noticesRepository.insertOutbox(trx, notice);
}
