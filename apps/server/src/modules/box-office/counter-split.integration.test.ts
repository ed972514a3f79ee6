import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@marquee/contracts';
import { ConsoleErrorCode, type Shift } from '@marquee/contracts/console';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  balanceOf,
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { showPicker } from '../film-order/film-order-test-kit.js';
import { demoSite } from '../staff/staff-test-kit.js';
import { boxCall, cashierWithSale, paymentsOf, paySale } from './box-office-test-kit.js';

/**
 * A split tender at the counter (decision 049): a member's card pays a part, cash or WeChat Pay
 * (the sandbox on a sandbox site) the rest, as one attempt with the ledgers of online payments.
 */

const PAY_PASSWORD = '258036';
/** An 18-digit payment code starting with a 3-digit prefix (134: the sandbox pays it). */
const authCode = (prefix: string) => `${prefix}${String(randomInt(2 ** 47)).padStart(15, '0')}`;

describeOnEachDatabase('a split tender at the counter', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
  });
  afterAll(() => t?.close());

  /** A cashier with an open shift (¥100 float) and a held sale; a member's card of `balanceFen`. */
  async function setUp(balanceFen: number) {
    const { till, sale } = await cashierWithSale(t, site, () => freshShow('1号厅'), ['E7', 'E8']);
    const member = await newUser(t);
    await setTestPayPassword(t, member.token, PAY_PASSWORD);
    const card = await openTestCard(t, member, { types: ['general'], balanceFen });
    const totalFen = Math.round(sale.amount * 100);
    const cardPart = async (amountFen: number, password = PAY_PASSWORD) => ({
      cardId: card.id,
      password: await encryptPassword(t, password),
      amount: amountFen / 100,
    });
    return { till, sale, member, card, totalFen, cardPart };
  }

  const shiftOf = async (token: string) =>
    (await boxCall<{ shift: Shift }>(t, token, '/shifts/current')).body.data.shift;

  it('takes a card part and cash for the rest: both ledgers, the drawer counts only the cash', async () => {
    const { till, sale, member, card, totalFen, cardPart } = await setUp(3_000);
    const restFen = totalFen - 3_000;
    const tendered = Math.ceil(restFen / 10_000) * 100;
    const paid = await paySale(t, till.token, {
      method: 'cash',
      orderId: sale.orderId,
      tendered,
      cardPart: await cardPart(3_000),
    });
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect(paid.body.data.status).toBe('paid');
    expect(paid.body.data.change).toBeCloseTo(tendered - restFen / 100, 2);
    expect(paid.body.data.sale.status).toBe('ticketed');
    expect(paid.body.data.sale.payments).toEqual(
      expect.arrayContaining([
        { method: 'card', amount: 30 },
        { method: 'cash', amount: restFen / 100 },
      ]),
    );
    expect(await balanceOf(t, card.id)).toBe(0);
    const rows = await paymentsOf(t, sale.orderId);
    expect(rows.map((row) => [row.method, row.status, row.amount_fen])).toEqual([
      ['card', 'succeeded', 3_000],
      ['cash', 'succeeded', restFen],
    ]);
    expect(new Set(rows.map((row) => row.shift_id)).size).toBe(1);
    // The order is the member's (their card paid a part); the drawer holds float + the cash part.
    const order = await t.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', sale.orderId)
      .executeTakeFirstOrThrow();
    expect(order.user_id).toBe(member.userId);
    expect((await shiftOf(till.token)).expectedCash).toBeCloseTo(100 + restFen / 100, 2);

    // Refunded at the counter: the cash part from the drawer, the card part back to the card.
    const refund = await boxCall<{ cashBack: number; toOriginal: number }>(
      t,
      till.token,
      '/refund',
      { orderId: sale.orderId, reason: '顾客临时有事' },
    );
    expect(refund.body.code, refund.body.msg).toBe(0);
    expect(refund.body.data.cashBack).toBeCloseTo(restFen / 100, 2);
    expect(refund.body.data.toOriginal).toBe(30);
    expect(await balanceOf(t, card.id)).toBe(3_000);
    expect((await shiftOf(till.token)).expectedCash).toBeCloseTo(100, 2);
  });

  it('refuses a card part of the whole total, a wrong password, and short cash, changing nothing', async () => {
    const { till, sale, card, totalFen, cardPart } = await setUp(100_000);
    const whole = await paySale(t, till.token, {
      method: 'cash',
      orderId: sale.orderId,
      tendered: 0,
      cardPart: await cardPart(totalFen),
    });
    expect(whole.body.code).toBe(ConsoleErrorCode.COUNTER_SPLIT_INVALID);
    const wrong = await paySale(t, till.token, {
      method: 'cash',
      orderId: sale.orderId,
      tendered: totalFen / 100,
      cardPart: await cardPart(1_000, '111111'),
    });
    expect(wrong.body.code).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    const short = await paySale(t, till.token, {
      method: 'cash',
      orderId: sale.orderId,
      tendered: (totalFen - 1_001) / 100,
      cardPart: await cardPart(1_000),
    });
    expect(short.body.code).toBe(ConsoleErrorCode.CASH_TENDERED_SHORT);
    expect(await balanceOf(t, card.id)).toBe(100_000);
    expect(await paymentsOf(t, sale.orderId)).toEqual([]);
  });

  it('holds the card part while WeChat takes the rest by 付款码, and commits both when paid', async () => {
    const { till, sale, card, totalFen, cardPart } = await setUp(5_000);
    const paid = await paySale(t, till.token, {
      method: 'wechatMicropay',
      orderId: sale.orderId,
      authCode: authCode('134'),
      cardPart: await cardPart(2_500),
    });
    expect(paid.body.code, paid.body.msg).toBe(0);
    expect(paid.body.data.status).toBe('paid');
    expect(await balanceOf(t, card.id)).toBe(2_500);
    const rows = await paymentsOf(t, sale.orderId);
    expect(rows.map((row) => [row.method, row.status, row.amount_fen])).toEqual([
      ['card', 'succeeded', 2_500],
      ['wechat', 'succeeded', totalFen - 2_500],
    ]);
    const ledger = await t.db
      .selectFrom('card_ledger')
      .select(['kind', 'amount_fen'])
      .where('order_id', '=', sale.orderId)
      .execute();
    expect(ledger.reduce((sum, row) => sum + row.amount_fen, 0)).toBe(-2_500);
  });

  it('gives the card its money back when the 付款码 is refused; cash then takes the whole sale', async () => {
    const { till, sale, card, totalFen, cardPart } = await setUp(5_000);
    const refused = await paySale(t, till.token, {
      method: 'wechatMicropay',
      orderId: sale.orderId,
      authCode: authCode('130'),
      cardPart: await cardPart(2_500),
    });
    expect(refused.body.data.status).toBe('failed');
    expect(await balanceOf(t, card.id)).toBe(5_000);
    const rows = await paymentsOf(t, sale.orderId);
    expect(rows.map((row) => [row.method, row.status])).toEqual([
      ['card', 'cancelled'],
      ['wechat', 'failed'],
    ]);
    const cash = await paySale(t, till.token, {
      method: 'cash',
      orderId: sale.orderId,
      tendered: totalFen / 100,
    });
    expect(cash.body.data.status).toBe('paid');
    expect(await balanceOf(t, card.id)).toBe(5_000);
  });

  it('pays a card part with a Native QR for the rest; a cancelled sale gives the card back at once', async () => {
    const first = await setUp(5_000);
    const opened = await paySale(t, first.till.token, {
      method: 'wechatNative',
      orderId: first.sale.orderId,
      cardPart: await first.cardPart(1_000),
    });
    expect(opened.body.code, opened.body.msg).toBe(0);
    expect(opened.body.data.status).toBe('waiting');
    expect(await balanceOf(t, first.card.id)).toBe(4_000);
    const [, wechat] = await paymentsOf(t, first.sale.orderId);
    expect(wechat).toMatchObject({ status: 'pending', amount_fen: first.totalFen - 1_000 });
    const path = new URL(opened.body.data.codeUrl!).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain(`¥${((first.totalFen - 1_000) / 100).toFixed(2)}`);
    await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: { result: 'success' } });
    const paid = await boxCall<{ status: string }>(
      t,
      first.till.token,
      `/sale/pay-status?orderId=${first.sale.orderId}`,
    );
    expect(paid.body.data.status).toBe('paid');
    expect(await balanceOf(t, first.card.id)).toBe(4_000);
    expect((await paymentsOf(t, first.sale.orderId)).map((row) => row.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);

    const second = await setUp(5_000);
    await paySale(t, second.till.token, {
      method: 'wechatNative',
      orderId: second.sale.orderId,
      cardPart: await second.cardPart(1_000),
    });
    expect(await balanceOf(t, second.card.id)).toBe(4_000);
    const cancelled = await boxCall<{ status: string }>(t, second.till.token, '/sale/cancel', {
      orderId: second.sale.orderId,
    });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await balanceOf(t, second.card.id)).toBe(5_000);
    expect((await paymentsOf(t, second.sale.orderId)).map((row) => row.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
  });
});
