import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDetail } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { rebuildBalanceCheck } from '../cards/index.js';
import {
  filmParam,
  holdSeats,
  newKey,
  orderRow,
  paymentsOf,
  payWithCards,
  seatStates,
} from './payment-test-kit.js';

const PASSWORD = '258036';

describeOnEachDatabase('paying a film order with cards', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A user with a pay password, a film card of `balanceFen` and a held film order. */
  async function buyer(balanceFen = 100_000, types = ['film']) {
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types, balanceFen });
    const order = await holdSeats(t, user.token);
    return { user, card, order, amountFen: Math.round(order.total * 100) };
  }

  async function body(user: TestUser, orderId: string, cardIds: string[], password = PASSWORD) {
    void user;
    return {
      password: await encryptPassword(t, password),
      param: filmParam(orderId),
      cardIdList: cardIds,
    };
  }

  it('pays in full, sells the seats and issues a ticket code', async () => {
    const { user, card, order, amountFen } = await buyer();
    const { status, body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id]),
    );
    expect(status).toBe(200);
    expect(answer.data).toMatchObject({
      orderId: order.id,
      orderStatus: 'ticketed',
      paymentStatus: 'succeeded',
      cardAmount: order.total,
      wechatAmount: 0,
      wechatPay: null,
    });
    expect(await balanceOf(t, card.id)).toBe(100_000 - amountFen);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('ticketed');
    expect(row.pickup_code).toMatch(/^\d{10}$/);
    expect(await seatStates(t, order.id)).toEqual(['sold', 'sold']);
    expect((await paymentsOf(t, order.id)).map((p) => [p.method, p.status, p.amount_fen])).toEqual([
      ['card', 'succeeded', amountFen],
    ]);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);

    const detail = await call<OrderDetail>(t.app, {
      url: `/api/order/detail?orderId=${order.id}`,
      token: user.token,
    });
    expect(detail.body.data.ticket?.code).toBe(row.pickup_code);
    expect(detail.body.data.ticket?.qrContent).toContain(row.pickup_code!);
    expect(detail.body.data.film?.seats).toHaveLength(2);
    expect(detail.body.data.refund.isAllowed).toBe(true);
  });

  it('replays the first answer for the same idempotency key and charges once', async () => {
    const { user, card, order, amountFen } = await buyer();
    const key = newKey();
    const first = await payWithCards(t, user.token, await body(user, order.id, [card.id]), key);
    // The retry carries a new password payload, as the page re-encrypts; it is not even opened.
    const again = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id], '000000'),
      key,
    );
    expect(first.body.code).toBe(0);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(t, card.id)).toBe(100_000 - amountFen);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('charges once when the same key arrives twice at the same moment', async () => {
    const { user, card, order, amountFen } = await buyer();
    const key = newKey();
    const [a, b] = await Promise.all([
      payWithCards(t, user.token, await body(user, order.id, [card.id]), key),
      payWithCards(t, user.token, await body(user, order.id, [card.id]), key),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes[0]).toBe(0);
    // The loser either replays the same answer or is told the payment is in progress.
    expect([0, 40920]).toContain(codes[1]);
    expect(await balanceOf(t, card.id)).toBe(100_000 - amountFen);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
  });

  it('pays once when two attempts with different keys race for one order', async () => {
    const { user, card, order, amountFen } = await buyer();
    const answers = await Promise.all([
      payWithCards(t, user.token, await body(user, order.id, [card.id])),
      payWithCards(t, user.token, await body(user, order.id, [card.id])),
    ]);
    const codes = answers.map((answer) => answer.body.code).sort((a, b) => a - b);
    expect(codes[0]).toBe(0);
    // The loser finds the order paid (or, on the embedded database, its charge already there).
    expect([40901, 42203]).toContain(codes[1]);
    expect(await balanceOf(t, card.id)).toBe(100_000 - amountFen);
    expect(await paymentsOf(t, order.id)).toHaveLength(1);
    expect(await rebuildBalanceCheck(t.db)).toEqual([]);
  });

  it('refuses a call without an Idempotency-Key', async () => {
    const { user, card, order } = await buyer();
    const { status, body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id]),
      null,
    );
    expect(status).toBe(400);
    expect(answer.code).toBe(40001);
    expect(answer.msg).toContain('Idempotency-Key');
  });

  it('refuses a wrong password and charges nothing', async () => {
    const { user, card, order } = await buyer();
    const { body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id], '111222'),
    );
    expect(answer.code).toBe(42206);
    expect(await balanceOf(t, card.id)).toBe(100_000);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
    expect(await paymentsOf(t, order.id)).toHaveLength(0);
  });

  it('locks card payments after five wrong passwords, even for the right one', async () => {
    const { user, card, order } = await buyer();
    for (let i = 0; i < 5; i += 1) {
      await payWithCards(t, user.token, await body(user, order.id, [card.id], '111222'));
    }
    const { status, body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id]),
    );
    expect(status).toBe(423);
    expect(answer.code).toBe(42207);
    expect(answer.msg).toMatch(/15 分钟/);
    expect(await balanceOf(t, card.id)).toBe(100_000);
  });

  it('refuses a stale password payload', async () => {
    const { user, card, order } = await buyer();
    const stale = await encryptPassword(t, PASSWORD, {
      timestamp: t.clock.now().getTime() - 10 * 60_000,
    });
    const { body: answer } = await payWithCards(t, user.token, {
      password: stale,
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    expect(answer.code).toBe(42211);
    expect(await balanceOf(t, card.id)).toBe(100_000);
  });

  it('refuses when the cards hold less than the order', async () => {
    const { user, card, order } = await buyer(100);
    const { body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id]),
    );
    expect(answer.code).toBe(42204);
    expect(await balanceOf(t, card.id)).toBe(100);
    expect((await orderRow(t, order.id)).status).toBe('pending_payment');
  });

  it('refuses a goods card for a film order', async () => {
    const { user, card, order } = await buyer(100_000, ['goods']);
    const { body: answer } = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id]),
    );
    expect(answer.code).toBe(42205);
    expect(await balanceOf(t, card.id)).toBe(100_000);
  });

  it('pays with a general card and lets a retry with the same key go through after a refusal', async () => {
    const { user, card, order, amountFen } = await buyer(100_000, ['general']);
    const key = newKey();
    const wrong = await payWithCards(
      t,
      user.token,
      await body(user, order.id, [card.id], '111222'),
      key,
    );
    expect(wrong.body.code).toBe(42206);
    const right = await payWithCards(t, user.token, await body(user, order.id, [card.id]), key);
    expect(right.body.code).toBe(0);
    expect(await balanceOf(t, card.id)).toBe(100_000 - amountFen);
  });

  it('refuses once the seat hold has expired, without costing a password try', async () => {
    const { user, card, order } = await buyer();
    t.clock.advance(16 * 60);
    try {
      const { body: answer } = await payWithCards(
        t,
        user.token,
        await body(user, order.id, [card.id], '111222'),
      );
      expect(answer.code).toBe(42202);
      expect(await balanceOf(t, card.id)).toBe(100_000);
      const tries = await t.db
        .selectFrom('users')
        .select('pay_password_failures')
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(tries.pay_password_failures).toBe(0);
    } finally {
      t.clock.advance(-16 * 60);
    }
  });

  it("does not pay someone else's order", async () => {
    const { card } = await buyer();
    const other = await buyer();
    const thief = await newUser(t);
    await setTestPayPassword(t, thief.token, PASSWORD);
    const { body: answer } = await payWithCards(
      t,
      thief.token,
      await body(thief, other.order.id, [card.id]),
    );
    expect(answer.code).toBe(40401);
    expect((await orderRow(t, other.order.id)).status).toBe('pending_payment');
  });
});
