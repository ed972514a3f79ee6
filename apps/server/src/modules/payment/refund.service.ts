import { orderEventReasons, refundedByStaff, cinemaMonthDayTimeOf } from '@marquee/contracts';
import type { OrderDetail } from '@marquee/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SignedInStaff } from '../../app-deps.js';
import type { SignedInUser } from '../auth/index.js';
import { refundCardCharges } from '../cards/index.js';
import {
  enqueueOrderNotice,
  getOrderDetail,
  lockOrder,
  lockPaidExchangeOrders,
  refundWindowIn,
  releaseOrders,
  transitionOrder,
} from '../orders/index.js';
import { siteSettings, type SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { giveWayToLapsedExchange, withdrawWaitingExchange } from '../exchange/index.js';
import { giveUpLiveAttempt, movePayment } from './payment-steps.js';
import { closeGivenUp } from './provider-close.js';
import * as paymentRepository from './payment.repository.js';
import {
  executeRefund,
  outRefundNoFor,
  remainingFenOf,
  startUserRefund,
} from './refund-execution.js';
import type { PaymentLog } from './payment-log.js';
import { payProviderFor, type PaymentDeps } from './providers/pay-providers.js';

/** Whose refund it is, in the ledger and on the refund rows, when the buyer asks. */
const REFUND_REASON = { film: '用户退票', store: '用户退货' } as const;
/** WeChat takes a refund reason of at most 80 characters. */
const WECHAT_REASON_MAX = 80;

/** Who gives the money back: the buyer (their own order, within the window) or a staff member. */
export type RefundActor =
  { kind: 'user'; user: SignedInUser } | { kind: 'staff'; staff: SignedInStaff };

export interface RefundRequest {
  orderId: string;
  actor: RefundActor;
  /** Why, for staff (kept on the refund rows and the audit row); null: the buyer's own words. */
  reason: string | null;
  /** Staff may refund after the moviegoer's cutoff (a show cancelled at the door, a complaint). */
  ignoreCutoff: boolean;
  /**
   * A refund at the box office (decision 043): its refund rows name the cashier's shift, and
   * `inTransaction` runs on the locked order with what goes back (its cash part is handed over
   * from the drawer): the cashier's limit, the drawer's ledger. Throwing undoes the refund.
   */
  counter?: {
    shiftId: string | null;
    inTransaction: (
      trx: Transaction<Database>,
      order: NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
      money: RefundedMoney,
    ) => Promise<void>;
  };
}

/** What a refund gives back, in fen: all of it, and its cash part (counter sales paid in cash). */
export interface RefundedMoney {
  totalFen: number;
  cashFen: number;
}

/**
 * POST /api/order/refund: the user returns a ticketed film order while refunds are allowed, or a
 * ready store order not yet picked up. Answers the order's detail as the user sees it.
 */
export async function refundOrder(
  deps: PaymentDeps,
  site: SiteRow,
  user: SignedInUser,
  orderId: string,
  log: PaymentLog,
): Promise<OrderDetail> {
  await refundOrderMoney(
    deps,
    site,
    { orderId, actor: { kind: 'user', user }, reason: null, ignoreCutoff: false },
    log,
  );
  return getOrderDetail(deps, site, user, orderId);
}

/**
 * The refund use case the buyer and staff share:
 *   1. one transaction: lock the order, check whose it is and (unless ignored) the cutoff, order
 *      → refunded, seats released (store: the units back to stock), the cards credited back, the
 *      WeChat part written as refund_pending, and for staff the audit row `order.refund`
 *      (staff: a dearer exchange still waiting for its difference is cancelled with it, its seats
 *      released, decision 031)
 *   2. outside it: close the WeChat transaction of that exchange, if any (money taken meanwhile is
 *      refunded automatically); ask WeChat for each pending refund and record its answer
 */
export async function refundOrderMoney(
  deps: PaymentDeps,
  site: SiteRow,
  request: RefundRequest,
  log: PaymentLog,
): Promise<RefundedMoney> {
  const now = deps.clock.now();
  const { actor } = request;
  const shiftId = request.counter?.shiftId ?? null;
  const pending = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderId);
    const isActorsOrder =
      order !== undefined &&
      order.site_id === site.id &&
      (actor.kind === 'staff'
        ? actor.staff.siteId === site.id
        : order.user_id === actor.user.id && order.site_id === actor.user.siteId);
    if (!order || !isActorsOrder) throw notFound('The order', '订单');
    const refundable = order.kind === 'film' ? 'ticketed' : 'ready';
    if (order.status !== refundable) {
      throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'refunded' });
    }
    // Snacks handed over cannot come back online (decision 029); staff may still refund.
    if (actor.kind === 'user' && order.goods_picked_up_at) {
      throw new AppError('TICKETS_REFUND_AFTER_PICKUP', {});
    }
    if (!request.ignoreCutoff) await checkRefundWindow(trx, site, order, now);
    // The buyer first pays or cancels a dearer exchange still waiting (decision 031), so its new
    // seats are never left held for a refunded ticket; a staff refund cancels it.
    const toClose: string[] = [];
    if (actor.kind === 'user') await giveWayToLapsedExchange(trx, order.id, now);
    else toClose.push(...(await withdrawWaitingExchangeAndItsPayment(trx, order.id, now)));
    await transitionOrder(
      trx,
      order,
      'refunded',
      actor.kind === 'staff'
        ? refundedByStaff(actor.staff.username, request.reason ?? '')
        : orderEventReasons.refundedByUser,
    );
    await releaseOrders(trx, [order]);
    const reason = (request.reason ?? REFUND_REASON[order.kind]).slice(0, WECHAT_REASON_MAX);
    const payments = await paymentRepository.listByOrder(trx, order.id);
    const money = await refundableMoneyOf(trx, payments);
    const outRefundNos = await refundOrderAndExchangesIn(trx, order.id, reason, now, shiftId);
    await request.counter?.inTransaction(trx, order, money);
    if (actor.kind === 'staff') {
      const paidFen = (method: 'card' | 'wechat' | 'cash') =>
        payments
          .filter((p) => p.method === method && p.status === 'succeeded')
          .reduce((sum, p) => sum + p.amount_fen, 0);
      await recordAudit(trx, site, actor.staff, now, {
        action: 'order.refund',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: {
          status: 'refunded',
          reason: request.reason,
          cardFen: paidFen('card'),
          wechatFen: paidFen('wechat'),
          cashFen: paidFen('cash'),
        },
      });
    }
    return { outRefundNos, toClose, money };
  });
  await closeGivenUp(deps, () => payProviderFor(deps, site), site, pending.toClose, log);
  for (const outRefundNo of pending.outRefundNos) await executeRefund(deps, site, outRefundNo, log);
  return pending.money;
}

/** What is left to give back of an order's succeeded payments, and its cash part. */
async function refundableMoneyOf(
  trx: Transaction<Database>,
  payments: Awaited<ReturnType<typeof paymentRepository.listByOrder>>,
): Promise<RefundedMoney> {
  const money: RefundedMoney = { totalFen: 0, cashFen: 0 };
  for (const payment of payments) {
    if (payment.status !== 'succeeded') continue;
    const remainingFen = await remainingFenOf(trx, payment);
    money.totalFen += remainingFen;
    if (payment.method === 'cash') money.cashFen += remainingFen;
  }
  return money;
}

async function checkRefundWindow(
  trx: Parameters<typeof refundWindowIn>[0],
  site: SiteRow,
  order: NonNullable<Awaited<ReturnType<typeof lockOrder>>>,
  now: Date,
): Promise<void> {
  const rule = await refundWindowIn(trx, site, order, now);
  if (!rule.isAllowed) {
    throw new AppError('REFUND_NOT_ALLOWED', {
      cutoffMinutes: siteSettings(site).refundCutoffMinutes,
      allowedUntil: rule.allowedUntil,
      allowedUntilText: rule.allowedUntil ? cinemaMonthDayTimeOf(new Date(rule.allowedUntil)) : '',
    });
  }
}

/** What settling one order of a cancelled show did. */
export interface CancelledShowSettlement {
  outcome: 'refunded' | 'released' | 'skipped';
  /** WeChat refunds of this order still waiting for WeChat (the payment sweep retries them). */
  pendingWechatRefunds: number;
}

/**
 * Staff cancelled the order's show (cinema module): a ticketed order is refunded whatever the
 * refund cutoff, with `reason` on its event and refund rows (the buyer reads it on the order), and
 * a dearer exchange of it still waiting for its difference cancelled (decision 031); an unpaid hold
 * is cancelled and its seats released. One transaction per order for the money, the
 * WeChat part asked for after it. Safe to run again: an order already refunded, cancelled or used
 * is skipped. `inTransaction` runs inside the order's transaction (the staff audit row).
 */
export async function settleOrderOfCancelledShow(
  deps: PaymentDeps,
  site: SiteRow,
  orderId: string,
  options: {
    reason: string;
    inTransaction?: (
      trx: Transaction<Database>,
      outcome: 'refunded' | 'released',
    ) => Promise<unknown>;
  },
  log: PaymentLog,
): Promise<CancelledShowSettlement> {
  const now = deps.clock.now();
  const settled = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order || order.site_id !== site.id || order.kind !== 'film') {
      return { outcome: 'skipped' as const, pending: [] as string[] };
    }
    if (order.status === 'pending_payment') {
      await transitionOrder(trx, order, 'cancelled', options.reason);
      await releaseOrders(trx, [order]);
      await options.inTransaction?.(trx, 'released');
      return { outcome: 'released' as const, pending: [] as string[] };
    }
    if (order.status !== 'ticketed')
      return { outcome: 'skipped' as const, pending: [] as string[] };
    const toClose = await withdrawWaitingExchangeAndItsPayment(trx, order.id, now);
    await transitionOrder(trx, order, 'refunded', options.reason);
    await releaseOrders(trx, [order]);
    const pending = await refundOrderAndExchangesIn(trx, order.id, options.reason, now);
    await options.inTransaction?.(trx, 'refunded');
    return { outcome: 'refunded' as const, pending, toClose };
  });
  if (settled.outcome === 'refunded') {
    await closeGivenUp(deps, () => payProviderFor(deps, site), site, settled.toClose, log);
  }
  for (const outRefundNo of settled.pending) await executeRefund(deps, site, outRefundNo, log);
  const stillPending = await paymentRepository.listRefundsByOrder(deps.db, orderId);
  return {
    outcome: settled.outcome,
    pendingWechatRefunds: stillPending.filter(
      (refund) => refund.status === 'pending' && settled.pending.includes(refund.out_refund_no),
    ).length,
  };
}

/**
 * Inside the refunding transaction, after the order moved to refunded: its money goes back, and
 * so does what its paid exchange orders took (a dearer exchange's difference, decision 031), each
 * payment what is left of it. The refund notice is written now when no WeChat part is waiting
 * (cards only), else once WeChat confirms the last of them (`noticeWhenRefunded`, refund-notice.ts). Answers the
 * out_refund_nos to ask WeChat for.
 */
async function refundOrderAndExchangesIn(
  trx: Transaction<Database>,
  orderId: string,
  reason: string,
  now: Date,
  shiftId: string | null = null,
): Promise<string[]> {
  const outRefundNos = await refundMoneyIn(trx, orderId, reason, now, shiftId);
  for (const exchangeOrder of await lockPaidExchangeOrders(trx, orderId)) {
    await transitionOrder(trx, exchangeOrder, 'refunded', reason);
    outRefundNos.push(...(await refundMoneyIn(trx, exchangeOrder.id, reason, now)));
  }
  if (outRefundNos.length === 0) await enqueueOrderNotice(trx, orderId, 'refunded', now);
  return outRefundNos;
}

/**
 * Inside the refunding transaction, after the order moved to refunded: its cards credited back at
 * once, its cash part handed back at the counter (recorded as done), its WeChat part written as
 * pending. A counter refund's rows name the cashier's shift. Answers the out_refund_nos to ask
 * WeChat for.
 */
async function refundMoneyIn(
  trx: Transaction<Database>,
  orderId: string,
  reason: string,
  now: Date,
  shiftId: string | null = null,
): Promise<string[]> {
  const payments = await paymentRepository.listByOrder(trx, orderId);
  const outRefundNos: string[] = [];
  for (const payment of payments) {
    if (payment.method !== 'cash' || payment.status !== 'succeeded') continue;
    const remainingFen = await remainingFenOf(trx, payment);
    await movePayment(trx, payment, 'refunded', now);
    if (remainingFen <= 0) continue;
    await paymentRepository.insertRefund(trx, {
      out_refund_no: outRefundNoFor(payment),
      payment_id: payment.id,
      order_id: orderId,
      amount_fen: remainingFen,
      status: 'succeeded',
      is_automatic: false,
      reason,
      shift_id: shiftId,
      created_at: now,
      updated_at: now,
    });
  }
  const cardPaid = payments.filter((p) => p.method === 'card' && p.status === 'succeeded');
  if (cardPaid.length > 0) {
    await refundCardCharges(trx, orderId, reason, now);
    for (const payment of cardPaid) {
      const remainingFen = await remainingFenOf(trx, payment);
      await movePayment(trx, payment, 'refunded', now);
      if (remainingFen <= 0) continue;
      await paymentRepository.insertRefund(trx, {
        out_refund_no: outRefundNoFor(payment),
        payment_id: payment.id,
        order_id: orderId,
        amount_fen: remainingFen,
        status: 'succeeded',
        is_automatic: false,
        reason,
        shift_id: shiftId,
        created_at: now,
        updated_at: now,
      });
    }
  }
  for (const payment of payments) {
    if (payment.method === 'wechat' && payment.status === 'succeeded') {
      outRefundNos.push(await startUserRefund(trx, payment, now, reason));
    }
  }
  if (shiftId !== null && outRefundNos.length > 0) {
    await paymentRepository.setRefundsShift(trx, outRefundNos, shiftId);
  }
  return outRefundNos;
}

/**
 * Under the original's lock, in a staff refund of it: a dearer exchange still waiting for its
 * difference goes with it (decision 031, the exchange module's step), and so does its live payment
 * attempt (a card hold released, a WeChat part cancelled). Answers the WeChat transactions to
 * close after commit (`closeGivenUp`): money WeChat took meanwhile is then refunded automatically,
 * as is a notice that arrives later.
 */
async function withdrawWaitingExchangeAndItsPayment(
  trx: Transaction<Database>,
  orderId: string,
  now: Date,
): Promise<string[]> {
  const withdrawn = await withdrawWaitingExchange(trx, orderId, now);
  if (!withdrawn) return [];
  return giveUpLiveAttempt(trx, withdrawn, now, orderEventReasons.exchangeWithdrawn);
}
