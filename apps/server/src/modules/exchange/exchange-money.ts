import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { SiteRow } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';

export type ExchangeLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

/**
 * The money of a cheaper exchange (decision 025): the payment module's, handed to this module by
 * buildApp (`exchangeMoneyOf`), so the exchange imports nothing of payment and payment's refunds
 * can use the exchange's order steps.
 */
export interface ExchangeMoney {
  /**
   * Inside the exchange's transaction: the difference goes back to the order's payments (cards
   * credited at once, the WeChat part a pending refund). Answers the refunds to ask WeChat for.
   */
  refundDifference(
    trx: Transaction<Database>,
    orderId: string,
    refundFen: number,
    now: Date,
  ): Promise<string[]>;
  /** After the commit: ask WeChat for a pending refund and record its answer. */
  sendRefund(site: SiteRow, outRefundNo: string, log: ExchangeLog): Promise<void>;
}
