import { randomBytes } from 'node:crypto';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type CardPayAnswer,
  type FilmOrder,
  type showSeatsCall,
  type WechatPay,
} from '@marquee/contracts';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { createSiteResolver } from '../site/index.js';
import { sweepPayments } from './payment-sweep.js';

/** Helpers for the payment integration tests (not shipped code paths). */

let showCursor = 0;

/**
 * Hold `count` seats of a show starting at least `hoursAhead` from the test clock (or of the show
 * `showId`), through the film order call; each call takes another show so tests do not compete
 * for seats.
 */
export async function holdSeats(
  t: TestApp,
  token: string,
  options: { count?: number; hoursAhead?: number; showId?: string } = {},
): Promise<FilmOrder> {
  const count = options.count ?? 2;
  const after = new Date(t.clock.now().getTime() + (options.hoursAhead ?? 6) * 3600_000);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const show = options.showId
      ? { id: options.showId }
      : await t.db
          .selectFrom('shows')
          .select('id')
          .where('start_at', '>', after)
          .orderBy('start_at')
          .orderBy('id')
          .offset(showCursor++)
          .limit(1)
          .executeTakeFirstOrThrow();
    const map = await call<CallAnswer<typeof showSeatsCall>>(t.app, {
      url: `/api/show/seats?showId=${show.id}`,
    });
    const taken = takenSeatIdsOf(map.body.data);
    for (const row of map.body.data.rows) {
      const seats = row.seats.filter(
        (seat) => seat.kind === 'normal' && seat.state === 'available',
      );
      for (let i = 0; i + count <= seats.length; i += 1) {
        const ids = seats.slice(i, i + count).map((seat) => seat.id);
        if (!checkSeatSelection(map.body.data, taken, ids, 6).ok) continue;
        const created = await call<FilmOrder>(t.app, {
          method: 'POST',
          url: '/api/filmOrder/create',
          token,
          body: { showId: show.id, seatIds: ids },
        });
        // The server counts this user's own unpaid hold of the show as free (the new hold
        // replaces it) where the map shows it taken, so a pick next to it can leave a single
        // seat the map did not show: try the next one, as a moviegoer would.
        if (created.body.code === 42201) continue;
        if (created.body.code !== 0) throw new Error(`hold failed: ${created.body.msg}`);
        return created.body.data;
      }
    }
  }
  throw new Error('no show with free seats found');
}

export function newKey(): string {
  return `k-${randomBytes(12).toString('hex')}`;
}

export function payWithCards(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  key: string | null = newKey(),
) {
  return call<CardPayAnswer>(t.app, {
    method: 'POST',
    url: '/api/expenseRecord/card/v2/order',
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export function payWithWechat(t: TestApp, token: string, orderId: string, key: string = newKey()) {
  return call<WechatPay>(t.app, {
    method: 'POST',
    url: '/api/wxpay/wechatPay',
    token,
    body: { param: { orderType: 'FILM_ORDER', orderId } },
    headers: { 'idempotency-key': key },
  });
}

export function prepayIdOf(pay: Pick<WechatPay, 'packageValue'>): string {
  return pay.packageValue.replace(/^prepay_id=/, '');
}

/** The sandbox payment sheet's answer: pay (WeChat then notifies us) or fail. */
export async function sandboxSheet(
  t: TestApp,
  pay: Pick<WechatPay, 'packageValue'>,
  result: 'success' | 'fail',
  deliveries = 2,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${prepayIdOf(pay)}/confirm`,
    payload: { result, deliveries },
  });
  return {
    status: response.statusCode,
    body: response.json<{ code: number; data: { deliveries: number[] } }>(),
  };
}

export async function orderRow(t: TestApp, orderId: string) {
  return t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function paymentsOf(t: TestApp, orderId: string) {
  return t.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('method')
    .execute();
}

export async function seatStates(t: TestApp, orderId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('film_order_seats')
    .select('state')
    .where('order_id', '=', orderId)
    .execute();
  return rows.map((row) => row.state).sort();
}

export const filmParam = (orderId: string) => ({ orderType: 'FILM_ORDER', orderId });

/**
 * Where an order's money is, from the ledgers rather than from our payment rows: what its cards
 * are charged (net of holds released and refunds), and what WeChat (the sandbox) kept of the
 * transactions of its WeChat payments (paid, less refunded).
 */
export async function moneyOf(t: Pick<TestApp, 'db'>, orderId: string) {
  const order = await t.db
    .selectFrom('orders')
    .select(['status', 'amount_fen'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const ledger = await t.db
    .selectFrom('card_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_fen'), eb.lit(0)).as('net'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const transactions = await t.db
    .selectFrom('sandbox_pay_transactions')
    .innerJoin('payments', 'payments.out_trade_no', 'sandbox_pay_transactions.out_trade_no')
    .select(['sandbox_pay_transactions.out_trade_no', 'sandbox_pay_transactions.state'])
    .select('sandbox_pay_transactions.amount_fen')
    .where('payments.order_id', '=', orderId)
    .execute();
  const refunds = await t.db
    .selectFrom('sandbox_pay_refunds')
    .innerJoin('payments', 'payments.out_trade_no', 'sandbox_pay_refunds.out_trade_no')
    .select('sandbox_pay_refunds.refund_fen')
    .where('payments.order_id', '=', orderId)
    .execute();
  const takenFen = transactions
    .filter((row) => row.state === 'SUCCESS' || row.state === 'REFUND')
    .reduce((sum, row) => sum + row.amount_fen, 0);
  const refundedFen = refunds.reduce((sum, row) => sum + row.refund_fen, 0);
  const cardFen = 0 - Number(ledger.net) || 0;
  return {
    status: order.status,
    amountFen: order.amount_fen,
    cardFen,
    wechatFen: takenFen - refundedFen,
    collectedFen: cardFen + takenFen - refundedFen,
    isPaid: ['paid', 'ticketed', 'ready', 'used'].includes(order.status),
  };
}

/** A log that says nothing, for services the tests call directly. */
export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** One pass of the payment sweep, as the background would run it. */
export function sweepPaymentsNow(t: Pick<TestApp, 'db' | 'clock'>) {
  const deps = {
    db: t.db,
    clock: t.clock,
    sites: createSiteResolver(t.db),
    wechat: createWechatDeps(),
    publicOrigin: 'http://localhost:8080',
  };
  return sweepPayments(deps, silentLog);
}
