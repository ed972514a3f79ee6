import type { Insertable } from 'kysely';
import type { Executor, SandboxPayState, SandboxPayTransactionsTable } from '../../../db/schema.js';

/** SQL of the WeChat Pay sandbox: its transactions and refunds, as WeChat would keep them. */

export function insertTransaction(db: Executor, row: Insertable<SandboxPayTransactionsTable>) {
  return db
    .insertInto('sandbox_pay_transactions')
    .values(row)
    .onConflict((oc) => oc.column('out_trade_no').doNothing())
    .execute();
}

export function findByOutTradeNo(db: Executor, siteId: string, outTradeNo: string) {
  return db
    .selectFrom('sandbox_pay_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
}

export function findByPrepayId(db: Executor, prepayId: string) {
  return db
    .selectFrom('sandbox_pay_transactions')
    .selectAll()
    .where('prepay_id', '=', prepayId)
    .executeTakeFirst();
}

/** Move a transaction only from one of `from`; the row count says whether it moved. */
export async function updateState(
  db: Executor,
  prepayId: string,
  from: SandboxPayState[],
  patch: { state: SandboxPayState; transaction_id?: string; success_at?: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_pay_transactions')
    .set(patch)
    .where('prepay_id', '=', prepayId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRefundOnce(
  db: Executor,
  refund: {
    outRefundNo: string;
    outTradeNo: string;
    refundId: string;
    refundFen: number;
    at: Date;
  },
) {
  await db
    .insertInto('sandbox_pay_refunds')
    .values({
      out_refund_no: refund.outRefundNo,
      out_trade_no: refund.outTradeNo,
      refund_id: refund.refundId,
      refund_fen: refund.refundFen,
      created_at: refund.at,
    })
    .onConflict((oc) => oc.column('out_refund_no').doNothing())
    .execute();
  return db
    .selectFrom('sandbox_pay_refunds')
    .selectAll()
    .where('out_refund_no', '=', refund.outRefundNo)
    .executeTakeFirstOrThrow();
}

export function findRefund(db: Executor, siteId: string, outRefundNo: string) {
  return db
    .selectFrom('sandbox_pay_refunds')
    .innerJoin(
      'sandbox_pay_transactions',
      'sandbox_pay_transactions.out_trade_no',
      'sandbox_pay_refunds.out_trade_no',
    )
    .selectAll('sandbox_pay_refunds')
    .where('sandbox_pay_transactions.site_id', '=', siteId)
    .where('sandbox_pay_refunds.out_refund_no', '=', outRefundNo)
    .executeTakeFirst();
}
