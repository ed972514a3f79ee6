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
import { call, type TestApp } from '../../test-support/test-app.js';

/** Helpers for the payment integration tests (not shipped code paths). */

let showCursor = 0;

/**
 * Hold `count` seats of a show starting at least `hoursAhead` from the test clock, through the
 * film order call; each call takes another show so tests do not compete for seats.
 */
export async function holdSeats(
  t: TestApp,
  token: string,
  options: { count?: number; hoursAhead?: number } = {},
): Promise<FilmOrder> {
  const count = options.count ?? 2;
  const after = new Date(t.clock.now().getTime() + (options.hoursAhead ?? 6) * 3600_000);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const show = await t.db
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
