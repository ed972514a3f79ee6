import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CounterPayAnswer } from '@marquee/contracts/console';
import type { Envelope } from '@marquee/contracts';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import type { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnPostgres } from '../../test-support/test-database.js';
import { showPicker } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import {
  boxCall,
  heldSaleAt,
  newKey,
  newStaff,
  openShift,
  startWechatTill,
} from './box-office-test-kit.js';

/**
 * A counter Native payment paid at WeChat, then WeChat's notice (twice) and the till's pay-status
 * queries (which ask WeChat and settle what it says) arriving at the same moment, over real HTTP
 * against a listening server with 20 database connections: the payment is settled once, the
 * order paid once. (PGlite runs one statement at a time, so the race is only real on the server.)
 */
const ROUNDS = 6;

describeOnPostgres('a counter Native payment settled by its notice and pay-status at once', () => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let baseUrl: string;
  const clock = new TestClock();
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    ({ t, fake } = await startWechatTill('postgres', {
      clock,
      poolSize: 20,
      rateLimitPerMinute: 100_000,
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('pays the order once however the reports interleave', async () => {
    const site = await demoSite(t.db);
    const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
    await openShift(t, till.token, 100);
    for (let round = 0; round < ROUNDS; round += 1) {
      const sale = await heldSaleAt(t, till.token, site.firstCinemaId, () => freshShow('1号厅'), [
        'E5',
        'E6',
      ]);
      const opened = await boxCall<CounterPayAnswer>(
        t,
        till.token,
        '/sale/pay',
        { method: 'wechatNative', orderId: sale.orderId },
        { 'idempotency-key': newKey() },
      );
      expect(opened.body.data.status).toBe('waiting');
      const payment = await t.db
        .selectFrom('payments')
        .select(['id', 'out_trade_no'])
        .where('order_id', '=', sale.orderId)
        .executeTakeFirstOrThrow();
      const transaction = fake.pay.pay(payment.out_trade_no);
      clock.advance(5);

      const notify = () => {
        const notice = fake.pay.notification(payment.out_trade_no);
        return fetch(`${baseUrl}${new URL(transaction.notify_url).pathname}`, {
          method: 'POST',
          headers: notice.headers,
          body: notice.body,
        }).then((response) => response.status);
      };
      const status = () =>
        fetch(`${baseUrl}/api/console/box-office/sale/pay-status?orderId=${sale.orderId}`, {
          headers: { 'x-staff-token': till.token, site: DEMO_SITE_CODE },
        }).then((response) => response.json() as Promise<Envelope<CounterPayAnswer>>);
      const [firstNotice, firstStatus, secondNotice, secondStatus] = await Promise.all([
        notify(),
        status(),
        notify(),
        status(),
      ]);
      expect(firstNotice).toBeLessThan(300);
      expect(secondNotice).toBeLessThan(300);
      // Each query answers waiting or paid: never failed, never an error.
      for (const answer of [firstStatus, secondStatus]) {
        expect(answer.code).toBe(0);
        expect(['waiting', 'paid']).toContain(answer.data.status);
      }
      const settled = await boxCall<CounterPayAnswer>(
        t,
        till.token,
        `/sale/pay-status?orderId=${sale.orderId}`,
      );
      expect(settled.body.data.status).toBe('paid');

      const payments = await t.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', sale.orderId)
        .execute();
      expect(payments.map((row) => row.status)).toEqual(['succeeded']);
      const notices = await t.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('payment_id', '=', payment.id)
        .execute();
      expect(notices.map((row) => row.outcome)).toEqual(['paid']);
      const paidEvents = await t.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', sale.orderId)
        .where('to_status', '=', 'paid')
        .execute();
      expect(paidEvents).toHaveLength(1);
      const refunds = await t.db
        .selectFrom('payment_refunds')
        .select('out_refund_no')
        .where('payment_id', '=', payment.id)
        .execute();
      expect(refunds).toHaveLength(0);
    }
  });

  it('two tills scanning two payment codes for one sale at once: the sale is paid once', async () => {
    const site = await demoSite(t.db);
    const tills = [
      await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] }),
      await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] }),
    ];
    for (const till of tills) await openShift(t, till.token, 100);
    let sales = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const sale = await heldSaleAt(
        t,
        tills[0]!.token,
        site.firstCinemaId,
        () => freshShow('1号厅'),
        ['D5', 'D6'],
      );
      const scan = (token: string, authCode: string) =>
        fetch(`${baseUrl}/api/console/box-office/sale/pay`, {
          method: 'POST',
          headers: {
            'x-staff-token': token,
            site: DEMO_SITE_CODE,
            'content-type': 'application/json',
            'idempotency-key': newKey(),
          },
          body: JSON.stringify({ method: 'wechatMicropay', orderId: sale.orderId, authCode }),
        }).then((response) => response.json() as Promise<Envelope<CounterPayAnswer>>);
      const code = (n: number) => `134${String(round).padStart(5, '0')}${n}${'0'.repeat(9)}`;
      const answers = await Promise.all([
        scan(tills[0]!.token, code(1)),
        scan(tills[1]!.token, code(2)),
      ]);
      const paid = answers.filter((answer) => answer.code === 0 && answer.data.status === 'paid');
      expect(paid.length).toBeLessThanOrEqual(1);
      sales += paid.length;
      // The other scan is refused while the first is charging (40920), or once the sale is paid (42203).
      for (const answer of answers.filter((a) => !paid.includes(a))) {
        expect([40920, 42203, 0], JSON.stringify(answer)).toContain(answer.code);
        if (answer.code === 0) expect(answer.data.status).toBe('failed');
      }
      const events = await t.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', sale.orderId)
        .where('to_status', '=', 'paid')
        .execute();
      expect(events.length).toBe(paid.length);
      const rows = await t.db
        .selectFrom('payments')
        .select(['id', 'status', 'is_auto_refunded'])
        .where('order_id', '=', sale.orderId)
        .execute();
      // Money kept once at most: any second charge that went through is refunded automatically.
      const kept = rows.filter((row) => row.status === 'succeeded' && !row.is_auto_refunded);
      expect(kept.length).toBe(paid.length);
    }
    expect(sales).toBeGreaterThan(0);
  });
});
