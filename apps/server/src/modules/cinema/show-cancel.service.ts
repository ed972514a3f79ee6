import type { showCancelCall } from '@marquee/contracts/console';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { SignedInStaff } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { SiteRow } from '../site/index.js';
import { enqueueShowChangeNotices } from '../notices/index.js';
import { recordAudit } from '../staff/index.js';
import * as scheduleRepository from './schedule.repository.js';
import {
  findShowOrThrow,
  readScheduleShow,
  type CinemaGuard,
  type Deps,
} from './schedule.service.js';

/**
 * How one order of a cancelled show is settled: the payment module's refund (cards back, WeChat
 * through the provider) or release of an unpaid hold, in the order's own transaction. Given by
 * buildApp (the cinema module does not import payment: payment → orders → cinema).
 */
export type SettleCancelledShowOrder = (
  site: SiteRow,
  orderId: string,
  options: {
    reason: string;
    inTransaction: (
      trx: Transaction<Database>,
      outcome: 'refunded' | 'released',
    ) => Promise<unknown>;
  },
) => Promise<{ outcome: 'refunded' | 'released' | 'skipped'; pendingWechatRefunds: number }>;

/**
 * POST /api/console/shows/cancel: the show stops selling and every ticketed order of it is
 * refunded, unpaid holds released; buyers read the reason on their order.
 *   1. one transaction: lock the show, mark it cancelled (off sale, reason), `show.cancel`, a
 *      `showChanged` message to each buyer (the refund's own message follows its refund)
 *   2. each order of the show still ticketed or unpaid, one transaction each (`order.refund`
 *      or `order.release` beside it), WeChat asked after its transaction
 * Calling it again (after an interruption) settles what is left and changes nothing else.
 */
export async function cancelShow(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof showCancelCall)['body']>,
  guard: CinemaGuard,
  settle: SettleCancelledShowOrder,
): Promise<z.input<(typeof showCancelCall)['answer']>> {
  const show = await findShowOrThrow(deps.db, site.id, body.showId);
  await guard(show.cinema_id);
  const now = deps.clock.now();
  if (show.end_at.getTime() <= now.getTime()) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '该场次已经结束，不能取消',
      hintEn: 'This show has ended and cannot be cancelled.',
    });
  }
  const reason = await deps.db.transaction().execute(async (trx) => {
    const locked = (await scheduleRepository.lockShow(trx, site.id, show.id))!;
    if (locked.cancelled_at !== null) return locked.cancel_reason ?? body.reason;
    await scheduleRepository.stopSales(trx, show.id, { cancelledAt: now, reason: body.reason });
    await recordAudit(trx, site, staff, now, {
      action: 'show.cancel',
      entity: 'show',
      entityId: show.id,
      before: { isOnSale: locked.is_on_sale, cancelledAt: null },
      after: { isOnSale: false, cancelledAt: now.toISOString(), reason: body.reason },
    });
    // Told before the money moves: the orders are still ticketed here (refunded after).
    await enqueueShowChangeNotices(trx, {
      showId: show.id,
      change: 'cancelled',
      eventKey: 'cancelled',
      reason: body.reason,
      at: now,
    });
    return body.reason;
  });

  const tally = { refundedOrders: 0, refundedSeats: 0, releasedOrders: 0, pendingWechatRefunds: 0 };
  const orderIds = await scheduleRepository.listOrderIdsToSettle(deps.db, show.id);
  for (const orderId of orderIds) {
    const settled = await settle(site, orderId, {
      reason: `影院取消场次：${reason}`,
      inTransaction: async (trx, outcome) => {
        const seats = await scheduleRepository.countOrderSeats(trx, orderId);
        if (outcome === 'refunded') tally.refundedSeats += seats;
        return recordAudit(trx, site, staff, deps.clock.now(), {
          action: outcome === 'refunded' ? 'order.refund' : 'order.release',
          entity: 'order',
          entityId: orderId,
          after: { showId: show.id, reason, seats },
        });
      },
    });
    if (settled.outcome === 'refunded') tally.refundedOrders += 1;
    if (settled.outcome === 'released') tally.releasedOrders += 1;
    tally.pendingWechatRefunds += settled.pendingWechatRefunds;
  }
  return { show: await readScheduleShow(deps.db, site.id, show.id), ...tally };
}
