import type { Insertable } from 'kysely';
import type { PaymentStatus } from '@marquee/contracts';
import type {
  Executor,
  PaymentRefundsTable,
  PaymentsTable,
  RefundSettledBy,
  RefundStatus,
} from '../../db/schema.js';

/** SQL of payments, their refunds, idempotency keys and processed notifications. No rules. */

export function insertPayment(trx: Executor, payment: Insertable<PaymentsTable>) {
  return trx.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
}

export function findById(db: Executor, paymentId: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

export function findByOutTradeNoForUpdate(trx: Executor, siteId: string, outTradeNo: string) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('out_trade_no', '=', outTradeNo)
    .forUpdate()
    .executeTakeFirst();
}

export function findByIdForUpdate(trx: Executor, paymentId: string) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
}

export function listByOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('method')
    .execute();
}

export function findLatestByOrder(db: Executor, orderId: string, userId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('method', 'desc')
    .executeTakeFirst();
}

/** Move a payment only if it is still in `from`; the row count says whether this caller won. */
export async function updateStatus(
  trx: Executor,
  paymentId: string,
  from: PaymentStatus,
  to: PaymentStatus,
  at: Date,
  extra: { transaction_id?: string; is_auto_refunded?: boolean } = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ status: to, updated_at: at, ...extra })
    .where('id', '=', paymentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order's payments still pending: the parts of its live attempt (one per method at most). */
export function listPendingByOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .orderBy('method')
    .execute();
}

export function findByOutTradeNo(db: Executor, siteId: string, outTradeNo: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

/**
 * Record the prepay id WeChat gave a payment, whatever its status by now (a superseded payment
 * with a prepay id is one WeChat might still take money for). Answers the payment's status.
 */
export async function setPrepayId(trx: Executor, paymentId: string, prepayId: string) {
  const row = await trx
    .updateTable('payments')
    .set({ prepay_id: prepayId })
    .where('id', '=', paymentId)
    .returning('status')
    .executeTakeFirstOrThrow();
  return row.status;
}

/** WeChat confirmed the transaction can no longer be paid. */
export function markProviderClosed(db: Executor, outTradeNo: string, at: Date) {
  return db
    .updateTable('payments')
    .set({ provider_closed_at: at })
    .where('out_trade_no', '=', outTradeNo)
    .where('provider_closed_at', 'is', null)
    .execute();
}

/**
 * WeChat payments we gave up (cancelled, failed) whose transaction WeChat might still let the user
 * pay: no confirmed close (opened, or maybe opened: WeChat's answer lost), left alone since `before`.
 */
export function listUnclosedGivenUpBefore(db: Executor, before: Date, limit: number) {
  return (
    db
      .selectFrom('payments')
      .innerJoin('sites', 'sites.id', 'payments.site_id')
      .select([
        'payments.id',
        'payments.site_id',
        'payments.out_trade_no',
        'sites.code as site_code',
      ])
      .where('payments.method', '=', 'wechat')
      .where('payments.status', 'in', ['cancelled', 'failed'])
      // Without a prepay id too: WeChat may have opened a transaction whose answer never reached us
      // (a timeout); closing one it never opened answers ORDER_NOT_EXIST, which is recorded alike.
      .where('payments.provider_closed_at', 'is', null)
      .where('payments.updated_at', '<', before)
      .orderBy('payments.updated_at')
      .limit(limit)
      .execute()
  );
}

/** WeChat payments still pending past their expiry: the sweep's work list. */
export function listPendingWechatExpiredBefore(db: Executor, before: Date, limit: number) {
  return db
    .selectFrom('payments')
    .innerJoin('sites', 'sites.id', 'payments.site_id')
    .select(['payments.id', 'payments.site_id', 'payments.out_trade_no', 'sites.code as site_code'])
    .where('payments.status', '=', 'pending')
    .where('payments.method', '=', 'wechat')
    .where('payments.expires_at', '<', before)
    .orderBy('payments.expires_at')
    .limit(limit)
    .execute();
}

// Refunds.

export function insertRefund(trx: Executor, refund: Insertable<PaymentRefundsTable>) {
  return trx
    .insertInto('payment_refunds')
    .values(refund)
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Fen of a payment given back or on the way back (a failed refund gave nothing). */
/** A counter refund's WeChat rows name the cashier's shift (0048). */
export async function setRefundsShift(trx: Executor, outRefundNos: string[], shiftId: string) {
  await trx
    .updateTable('payment_refunds')
    .set({ shift_id: shiftId })
    .where('out_refund_no', 'in', outRefundNos)
    .execute();
}

export async function refundedFenOf(db: Executor, paymentId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.fen);
}

export function findRefundByPayment(db: Executor, paymentId: string) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** Whether a buyer's or staff's full refund of these orders is still short of succeeded. */
export async function hasOpenBuyerRefunds(db: Executor, orderIds: readonly string[]) {
  const row = await db
    .selectFrom('payment_refunds')
    .select('out_refund_no')
    .where('order_id', 'in', [...orderIds])
    .where('kind', '=', 'full')
    .where('is_automatic', '=', false)
    .where('status', '<>', 'succeeded')
    .executeTakeFirst();
  return row !== undefined;
}

/** The refunds of these orders (an order and its exchange orders), oldest first. */
export function listRefundsByOrders(db: Executor, orderIds: readonly string[]) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .selectAll('payment_refunds')
    .select('payments.method')
    .where('payment_refunds.order_id', 'in', [...orderIds])
    .orderBy('payment_refunds.created_at')
    .execute();
}

/** The payments of these orders, oldest first. */
export function listByOrders(db: Executor, orderIds: readonly string[]) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('created_at')
    .orderBy('method')
    .execute();
}

export function listRefundsByOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .selectAll('payment_refunds')
    .select('payments.method')
    .where('payment_refunds.order_id', '=', orderId)
    .orderBy('payment_refunds.created_at')
    .execute();
}

export function listPendingRefunds(db: Executor, limit: number) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .innerJoin('sites', 'sites.id', 'payments.site_id')
    .select(['payment_refunds.out_refund_no', 'sites.code as site_code'])
    .where('payment_refunds.status', '=', 'pending')
    .orderBy('payment_refunds.created_at')
    .limit(limit)
    .execute();
}

/** A pending (or abnormal) refund's outcome, once: answers whether this call changed it. */
export async function finishRefund(
  trx: Executor,
  outRefundNo: string,
  change: {
    from: readonly RefundStatus[];
    to: Exclude<RefundStatus, 'pending'>;
    at: Date;
    providerRefundId: string | null;
    settledBy: RefundSettledBy;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('payment_refunds')
    .set((eb) => ({
      status: change.to,
      updated_at: change.at,
      provider_refund_id: eb.fn.coalesce(eb.val(change.providerRefundId), 'provider_refund_id'),
      settled_by: eb.fn.coalesce('settled_by', eb.val(change.settledBy)),
    }))
    .where('out_refund_no', '=', outRefundNo)
    .where('status', 'in', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Notifications: one row per provider transaction id (WeChat's report of a success, by notice or
// by our status query); a replay changes nothing but the time a notice first came.

export async function recordNotification(
  trx: Executor,
  notice: {
    transactionId: string;
    siteId: string;
    outTradeNo: string;
    paymentId: string;
    outcome: 'paid' | 'auto_refund' | 'already_settled';
    at: Date;
    source: 'notify' | 'query';
  },
): Promise<void> {
  const notifiedAt = notice.source === 'notify' ? notice.at : null;
  await trx
    .insertInto('payment_notifications')
    .values({
      transaction_id: notice.transactionId,
      site_id: notice.siteId,
      out_trade_no: notice.outTradeNo,
      payment_id: notice.paymentId,
      outcome: notice.outcome,
      received_at: notice.at,
      source: notice.source,
      notified_at: notifiedAt,
    })
    // The first report settles; a notice after a status query still records that it came.
    .onConflict((oc) =>
      oc.column('transaction_id').doUpdateSet((eb) => ({
        notified_at: eb.fn.coalesce('payment_notifications.notified_at', 'excluded.notified_at'),
      })),
    )
    .execute();
}

// Idempotency keys of paying calls.

export async function claimAttempt(
  trx: Executor,
  attempt: {
    siteId: string;
    userId: string;
    key: string;
    call: 'card' | 'wechat' | 'counter';
    orderId: string;
    requestHash: string;
    createdAt: Date;
  },
): Promise<string | null> {
  const rows = await trx
    .insertInto('payment_attempts')
    .values({
      site_id: attempt.siteId,
      user_id: attempt.userId,
      idempotency_key: attempt.key,
      call: attempt.call,
      order_id: attempt.orderId,
      request_hash: attempt.requestHash,
      created_at: attempt.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('id')
    .execute();
  return rows[0]?.id ?? null;
}

export function findAttempt(db: Executor, userId: string, key: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function storeAnswer(trx: Executor, attemptId: string, answer: unknown) {
  return trx
    .updateTable('payment_attempts')
    .set({ answer: JSON.stringify(answer) })
    .where('id', '=', attemptId)
    .execute();
}

export function deleteAttempt(trx: Executor, attemptId: string) {
  return trx.deleteFrom('payment_attempts').where('id', '=', attemptId).execute();
}

/** The key of an attempt given back: its (failed, cancelled) payments no longer claim it. */
export function forgetAttemptKey(trx: Executor, attemptId: string) {
  return trx
    .updateTable('payments')
    .set({ idempotency_key: null })
    .where('attempt_id', '=', attemptId)
    .execute();
}

export function deleteUnansweredAttempt(trx: Executor, attemptId: string) {
  return trx
    .deleteFrom('payment_attempts')
    .where('id', '=', attemptId)
    .where('answer', 'is', null)
    .execute();
}

export function findRefundForExecution(db: Executor, outRefundNo: string) {
  return db
    .selectFrom('payment_refunds')
    .innerJoin('payments', 'payments.id', 'payment_refunds.payment_id')
    .select([
      'payment_refunds.status',
      'payment_refunds.amount_fen',
      'payment_refunds.reason',
      'payments.id as payment_id',
      'payments.order_id',
      'payments.site_id',
      'payments.out_trade_no',
      'payments.amount_fen as total_fen',
    ])
    .where('payment_refunds.out_refund_no', '=', outRefundNo)
    .executeTakeFirst();
}

/** Refunds WeChat did not pay back, newest first, of a site (and of some cinemas unless null). */
export async function pageRefundsNeedingStaff(
  db: Executor,
  filter: { siteId: string; cinemaIds: readonly string[] | null; limit: number; offset: number },
) {
  const base = db
    .selectFrom('payment_refunds')
    .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
    .leftJoin('cinemas', 'cinemas.id', 'orders.cinema_id')
    .where('orders.site_id', '=', filter.siteId)
    .where('payment_refunds.status', 'in', ['abnormal', 'closed', 'failed'])
    .$if(filter.cinemaIds !== null, (query) =>
      query.where('orders.cinema_id', 'in', [...filter.cinemaIds!]),
    );
  const [rows, count] = await Promise.all([
    base
      .select([
        'payment_refunds.out_refund_no',
        'payment_refunds.status',
        'payment_refunds.amount_fen',
        'payment_refunds.reason',
        'payment_refunds.is_automatic',
        'payment_refunds.created_at',
        'payment_refunds.updated_at',
        'orders.id as order_id',
        'orders.order_no',
        'orders.kind',
        'orders.phone',
        'cinemas.name as cinema_name',
      ])
      .orderBy('payment_refunds.updated_at', 'desc')
      .orderBy('payment_refunds.out_refund_no')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
