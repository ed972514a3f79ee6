import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CardPayAnswer } from '@marquee/contracts';
import { buildApp } from '../../app.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { describeOnEachDatabase, openTestDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import { sweepExpiredOrders } from '../orders/index.js';
import { buildSandboxNotification } from './providers/sandbox-pay.provider.js';
import {
  filmParam,
  holdSeats,
  orderRow,
  paymentsOf,
  payWithCards,
  prepayIdOf,
  sandboxSheet,
  seatStates,
  sweepPaymentsNow,
} from './payment-test-kit.js';

const PASSWORD = '258036';

describeOnEachDatabase('payment edge cases', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function combined(cardFen = 1000) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['film'], balanceFen: cardFen });
    const order = await holdSeats(t, user.token);
    const amountFen = Math.round(order.total * 100);
    const { body } = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
      payDetailParam: { wechatAmount: (amountFen - cardFen) / 100 },
    });
    expect(body.code).toBe(0);
    return { user, card, order, pay: (body.data as CardPayAnswer).wechatPay! };
  }

  it('releases the card hold of a combined payment whose WeChat part timed out', async () => {
    const { card, order } = await combined();
    expect(await balanceOf(t, card.id)).toBe(0);
    t.clock.advance(16 * 60);
    try {
      await sweepPaymentsNow(t);
      expect(await balanceOf(t, card.id)).toBe(1000);
      expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual([
        'cancelled',
        'cancelled',
      ]);
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('gives everything back when the WeChat part of a combined payment arrives too late', async () => {
    const { card, order, pay } = await combined();
    await sandboxSheet(t, pay, 'success', 0);
    t.clock.advance(16 * 60);
    try {
      await sweepExpiredOrders({ db: t.db, clock: t.clock });
      const site = await t.db
        .selectFrom('sites')
        .selectAll()
        .where('code', '=', 'www-test')
        .executeTakeFirstOrThrow();
      const transaction = await t.db
        .selectFrom('sandbox_pay_transactions')
        .selectAll()
        .where('prepay_id', '=', prepayIdOf(pay))
        .executeTakeFirstOrThrow();
      const notice = buildSandboxNotification(site, transaction, t.clock.now());
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/wxpay/notify/www-test',
        headers: notice.headers,
        payload: notice.body,
      });
      expect(response.statusCode).toBe(200);
      expect(await balanceOf(t, card.id)).toBe(1000);
      const payments = await paymentsOf(t, order.id);
      expect(payments.map((p) => [p.method, p.status])).toEqual([
        ['card', 'cancelled'],
        ['wechat', 'refunded'],
      ]);
      expect((await orderRow(t, order.id)).status).toBe('expired');
      expect(await seatStates(t, order.id)).toEqual(['released', 'released']);
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it('has the database refuse a payment move outside the transition table', async () => {
    const { order } = await combined();
    const [card] = await paymentsOf(t, order.id);
    await expect(
      sql`update payments set status = 'refunded' where id = ${card!.id}`.execute(t.db),
    ).rejects.toThrow(/cannot move from pending to refunded/);
  });

  it('answers 50201 for a WeChat site without merchant credentials, charging nothing', async () => {
    const code = `live-${randomBytes(3).toString('hex')}`;
    const site = await t.db
      .insertInto('sites')
      .values({
        code,
        name: 'Live',
        messenger_mode: 'wechat',
        wechat_app_id: `wx-${code}`,
        wechat_app_secret: 'secret',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await t.db
      .insertInto('users')
      .values({ site_id: site.id, openid: uniqueOpenid(), nickname: 'Live' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A session written directly: signing in on a WeChat site would need WeChat.
    const token = randomToken();
    await t.db
      .insertInto('sessions')
      .values({
        site_id: site.id,
        user_id: user.id,
        token_hash: sha256Hex(token),
        expires_at: new Date(t.clock.now().getTime() + 3600_000),
      })
      .execute();
    const order = await t.db
      .insertInto('orders')
      .values({
        site_id: site.id,
        user_id: user.id,
        kind: 'film',
        order_no: `T${randomBytes(6).toString('hex')}`,
        amount_fen: 5000,
        pay_deadline_at: new Date(t.clock.now().getTime() + 600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { status, body } = await call(t.app, {
      method: 'POST',
      url: '/api/wxpay/wechatPay',
      site: code,
      token,
      body: { param: filmParam(order.id) },
      headers: { 'idempotency-key': 'live-key-0001' },
    });
    expect(status).toBe(502);
    expect(body.code).toBe(50201);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect(await paymentsOf(t, order.id)).toEqual([]);
  });

  it('answers 50201 when WeChat Pay fails, releases the hold, and lets the same key try again', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['film'], balanceFen: 1000 });
    const order = await holdSeats(t, user.token);
    const amountFen = Math.round(order.total * 100);
    const key = 'wechat-down-then-up';
    const pay = async () =>
      payWithCards(
        t,
        user.token,
        {
          password: await encryptPassword(t, PASSWORD),
          param: filmParam(order.id),
          cardIdList: [card.id],
          payDetailParam: { wechatAmount: (amountFen - 1000) / 100 },
        },
        key,
      );
    // The sandbox's store refusing every new transaction stands in for WeChat being down.
    await sql`alter table sandbox_pay_transactions add constraint wechat_down check (amount_fen < 0) not valid`.execute(
      t.db,
    );
    let down;
    try {
      down = await pay();
    } finally {
      await sql`alter table sandbox_pay_transactions drop constraint wechat_down`.execute(t.db);
    }
    expect(down.status).toBe(502);
    expect(down.body.code).toBe(50201);
    expect(await balanceOf(t, card.id)).toBe(1000);
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['cancelled', 'failed']);

    const up = await pay();
    expect(up.body.code).toBe(0);
    expect(up.body.data.wechatPay).not.toBeNull();
    expect(await balanceOf(t, card.id)).toBe(0);
  });

  it('refuses to pay with the same key for a different order', async () => {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['film'], balanceFen: 100_000 });
    const first = await holdSeats(t, user.token);
    const second = await holdSeats(t, user.token);
    const key = 'same-key-for-two-orders';
    const paid = await payWithCards(
      t,
      user.token,
      {
        password: await encryptPassword(t, PASSWORD),
        param: filmParam(first.id),
        cardIdList: [card.id],
      },
      key,
    );
    expect(paid.body.code).toBe(0);
    const other = await payWithCards(
      t,
      user.token,
      {
        password: await encryptPassword(t, PASSWORD),
        param: filmParam(second.id),
        cardIdList: [card.id],
      },
      key,
    );
    expect(other.body.code).toBe(40901);
    expect((await orderRow(t, second.id)).status).toBe('pending_payment');
  });
});

describeOnEachDatabase('the sandbox payment sheet in production', (kind) => {
  it('is not there', async () => {
    const database = await openTestDatabase(kind);
    try {
      const app = await buildApp({
        database,
        isProduction: true,
        logLevel: 'silent',
        webDist: null,
        paymentSweepIntervalMs: null,
      });
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/sandbox/pay/wx_sandbox_x/confirm',
          payload: { result: 'success' },
        });
        expect(response.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
