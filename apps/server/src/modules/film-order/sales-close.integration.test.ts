import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FilmOrder, WechatPay } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { payWithWechat, prepayIdOf } from '../payment/payment-test-kit.js';
import { hold, seatIds, seatMap, showPicker } from './film-order-test-kit.js';

const MARGIN_MINUTES = 10;

describeOnEachDatabase('seat holds end no later than the show (sales close)', (kind) => {
  let t: TestApp;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Before the first call: the site resolver caches the row it reads.
    await t.db
      .updateTable('sites')
      .set({ sales_close_minutes: MARGIN_MINUTES })
      .where('code', '=', 'www-test')
      .execute();
  });
  afterAll(() => t?.close());

  /** A fresh show of 1号厅, with the test clock moved to `minutes` before its start. */
  async function showStartingIn(minutes: number): Promise<{ showId: string; startAt: Date }> {
    const showId = await freshShow('1号厅');
    const { start_at } = await t.db
      .selectFrom('shows')
      .select('start_at')
      .where('id', '=', showId)
      .executeTakeFirstOrThrow();
    const startAt = new Date(start_at);
    t.clock.advance((startAt.getTime() - minutes * 60_000 - t.clock.now().getTime()) / 1000);
    return { showId, startAt };
  }

  const countOrders = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('caps the hold, the pay deadline and WeChat time_expire at the start minus the margin', async () => {
    const { showId, startAt } = await showStartingIn(20);
    const token = await signIn(t.app, uniqueOpenid('late'));
    const closeAt = new Date(startAt.getTime() - MARGIN_MINUTES * 60_000);

    const held = await hold(t, token, showId, ['C5', 'C6']);
    expect(held.body.code).toBe(0);
    const order: FilmOrder = held.body.data;
    expect(order.holdExpiresAt).toBe(closeAt.toISOString());
    const row = await t.db
      .selectFrom('orders')
      .select('pay_deadline_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.pay_deadline_at).toISOString()).toBe(closeAt.toISOString());
    const seats = await t.db
      .selectFrom('film_order_seats')
      .select('hold_expires_at')
      .where('order_id', '=', order.id)
      .execute();
    expect(seats.map((seat) => new Date(seat.hold_expires_at!).toISOString())).toEqual([
      closeAt.toISOString(),
      closeAt.toISOString(),
    ]);

    const pay = await payWithWechat(t, token, order.id);
    expect(pay.body.code).toBe(0);
    const wechat: WechatPay = pay.body.data;
    expect(wechat.expiresAt).toBe(closeAt.toISOString());
    const transaction = await t.db
      .selectFrom('sandbox_pay_transactions')
      .select('expires_at')
      .where('prepay_id', '=', prepayIdOf(wechat))
      .executeTakeFirstOrThrow();
    expect(new Date(transaction.expires_at).toISOString()).toBe(closeAt.toISOString());
  });

  it('keeps the usual hold length when the show is far enough away', async () => {
    const { showId } = await showStartingIn(120);
    const token = await signIn(t.app, uniqueOpenid('early'));
    const held = await hold(t, token, showId, ['D5']);
    expect(held.body.code).toBe(0);
    expect(held.body.data.holdExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 15 * 60_000).toISOString(),
    );
  });

  it('refuses to hold seats of a show starting within the margin, and writes nothing', async () => {
    const { showId } = await showStartingIn(MARGIN_MINUTES - 2);
    const token = await signIn(t.app, uniqueOpenid('too-late'));
    const before = await countOrders();
    const held = await hold(t, token, showId, ['E5'], { 'accept-language': 'en' });
    expect(held.status).toBe(422);
    expect(held.body.code).toBe(42231);
    expect(held.body.msg).toBe(
      `Online sales close ${MARGIN_MINUTES} minutes before the show. Choose another show.`,
    );
    expect(await countOrders()).toBe(before);
  });

  it('refuses in SQL too, and caps at the start itself when the margin is 0', async () => {
    const { showId, startAt } = await showStartingIn(5);
    const user = await t.db
      .insertInto('users')
      .values({
        site_id: (
          await t.db
            .selectFrom('sites')
            .select('id')
            .where('code', '=', 'www-test')
            .executeTakeFirstOrThrow()
        ).id,
        openid: uniqueOpenid('sql'),
        nickname: 'sql',
      })
      .returning(['id', 'site_id'])
      .executeTakeFirstOrThrow();
    const map = await seatMap(t, showId);
    const ids = `{${seatIds(map, ['F5']).join(',')}}`;
    const now = t.clock.now();
    const askedUntil = new Date(now.getTime() + 15 * 60_000);
    const holdSql = (orderNo: string) =>
      sql<{ new_order_id: string | null; hold_deadline_at: Date | string | null }>`
        select * from hold_film_seats(${user.site_id}, ${user.id}, ${showId}, ${ids}::uuid[],
          ${orderNo}, ${now}, ${askedUntil})`.execute(t.db);

    const refused = await holdSql(`SC${Date.now()}a`).then(
      () => null,
      (error: unknown) => error as { code?: string },
    );
    expect(refused?.code).toBe('MQ411');

    await t.db
      .updateTable('sites')
      .set({ sales_close_minutes: 0 })
      .where('id', '=', user.site_id)
      .execute();
    try {
      const { rows } = await holdSql(`SC${Date.now()}b`);
      expect(rows[0]!.new_order_id).not.toBeNull();
      expect(new Date(rows[0]!.hold_deadline_at!).toISOString()).toBe(startAt.toISOString());
    } finally {
      await t.db
        .updateTable('sites')
        .set({ sales_close_minutes: MARGIN_MINUTES })
        .where('id', '=', user.site_id)
        .execute();
    }
  });

  it('says in Chinese how many minutes before the show online sales close', async () => {
    const { showId } = await showStartingIn(1);
    const token = await signIn(t.app, uniqueOpenid('last-minute'));
    const map = await seatMap(t, showId);
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/filmOrder/create',
      token,
      body: { showId, seatIds: seatIds(map, ['A5']) },
    });
    expect(body.code).toBe(42231);
    expect(body.msg).toBe(`该场次开场前 ${MARGIN_MINUTES} 分钟停止在线售票，请选择其他场次`);
  });
});
