import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardRecord, StoreCard } from '@marquee/contracts';
import { demoVouchers } from '../../db/demo/cards.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { rebuildBalanceCheck } from './index.js';
import { newUser, openTestCard, type TestUser } from './cards-test-kit.js';

const chargingUrl = '/api/expenseRecord/charging';
type Charged = { card: StoreCard; amount: number; isNewCard: boolean };
type Page = {
  list: CardRecord[];
  pageNum: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
};

describeOnEachDatabase('recharging with top-up vouchers', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** A fresh voucher of its own for each test (the demo ones are few and single-use). */
  async function newVoucher(cardType: string, amountFen: number) {
    const template = demoVouchers[0];
    const cardNo = `99${Math.floor(Math.random() * 1e12)
      .toString()
      .padStart(12, '0')}`;
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('code', '=', 'www-test')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('top_up_vouchers')
      .values({
        site_id: site.id,
        card_no: cardNo,
        password_hash: template.passwordHash,
        card_type: cardType,
        amount_fen: amountFen,
      })
      .execute();
    return { id: cardNo, password: template.password };
  }

  function recharge(user: Pick<TestUser, 'token'>, body: Record<string, unknown>) {
    return call<Charged>(t.app, { method: 'POST', url: chargingUrl, token: user.token, body });
  }

  it('opens a card of the voucher type on the first recharge, with a generated number', async () => {
    const user = await newUser(t);
    const voucher = await newVoucher('film', 3000);
    const { status, body } = await recharge(user, voucher);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      amount: 30,
      isNewCard: true,
      card: { name: '影票卡', cardTypeList: ['film'], balance: 30 },
    });
    expect(body.data.card.cardNo).toMatch(/^66\d{14}$/);
    const cards = await call<{ storeCard: StoreCard[] }>(t.app, {
      url: '/api/storeCard/getUserCareList',
      token: user.token,
    });
    expect(cards.body.data.storeCard).toEqual([body.data.card]);
  });

  it('credits the existing card of that type, and records who used the voucher', async () => {
    const user = await newUser(t);
    const card = await openTestCard(t, user, { types: ['goods'], balanceFen: 1000 });
    await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
    const voucher = await newVoucher('goods', 2550);
    const { body } = await recharge(user, voucher);
    expect(body.data).toMatchObject({
      amount: 25.5,
      isNewCard: false,
      card: { id: card.id, balance: 35.5 },
    });
    const row = await t.db
      .selectFrom('top_up_vouchers')
      .select(['used_by', 'card_id'])
      .where('card_no', '=', voucher.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ used_by: user.userId, card_id: card.id });
  });

  it('works once: a second use says the voucher was used and credits nothing', async () => {
    const user = await newUser(t);
    const voucher = await newVoucher('general', 1000);
    expect((await recharge(user, voucher)).body.code).toBe(0);
    const again = await recharge(user, voucher);
    expect(again.status).toBe(422);
    expect(again.body.code).toBe(42213);
    const other = await newUser(t);
    expect((await recharge(other, voucher)).body.code).toBe(42213);
    const ledger = await t.db
      .selectFrom('card_ledger')
      .innerJoin('top_up_vouchers as v', 'v.id', 'card_ledger.voucher_id')
      .select('card_ledger.amount_fen')
      .where('v.card_no', '=', voucher.id)
      .execute();
    expect(ledger).toEqual([{ amount_fen: 1000 }]);
  });

  it('gives a wrong number and a wrong password the same generic answer', async () => {
    const user = await newUser(t);
    const voucher = await newVoucher('general', 1000);
    const wrongNumber = await recharge(user, { id: '12345678901', password: voucher.password });
    const wrongPassword = await recharge(user, { id: voucher.id, password: '00000000' });
    expect(wrongNumber.status).toBe(422);
    expect([wrongNumber.body.code, wrongNumber.body.msg]).toEqual([
      wrongPassword.body.code,
      wrongPassword.body.msg,
    ]);
    expect(wrongNumber.body.code).toBe(42209);
    expect(wrongNumber.body.msg).toBe('卡号或卡密错误，请核对后重试');
  });

  it('refuses a malformed card number or password before looking anything up', async () => {
    const user = await newUser(t);
    const { status, body } = await recharge(user, { id: 'abc', password: '12' });
    expect(status).toBe(400);
    expect(body.code).toBe(40001);
    expect(body.msg).toContain('body.id');
    expect(body.msg).toContain('body.password');
  });

  describe('throttling', () => {
    it('stops a user after five failures in 15 minutes, saying when to retry, then lets them in', async () => {
      const user = await newUser(t);
      const voucher = await newVoucher('general', 1000);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const number = `5500${attempt}0000000`;
        expect((await recharge(user, { id: number, password: '111222' })).body.code).toBe(42209);
        t.clock.advance(60);
      }
      // Even the right voucher waits: the throttle comes before any check.
      const limited = await recharge(user, voucher);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe(42901);
      expect(limited.body.data).toMatchObject({ retryAfterSeconds: 600 });
      expect(limited.body.msg).toContain('600');
      t.clock.advance(600);
      expect((await recharge(user, voucher)).body.code).toBe(0);
    });

    it('stops guesses on one voucher number across users', async () => {
      const voucher = await newVoucher('general', 1000);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const guesser = await newUser(t);
        expect(
          (await recharge(guesser, { id: voucher.id, password: `90000${attempt}` })).body.code,
        ).toBe(42209);
      }
      const owner = await newUser(t);
      const limited = await recharge(owner, voucher);
      expect(limited.body.code).toBe(42901);
      expect(limited.body.data).toMatchObject({ retryAfterSeconds: 900 });
      t.clock.advance(900);
      expect((await recharge(owner, voucher)).body.code).toBe(0);
    });
  });

  describe('the demo data', () => {
    it('gives 小影 a general ¥200 and a film ¥50 card, and Alex a goods ¥30 card', async () => {
      const xiaoying = await signIn(t.app, 'demo-xiaoying');
      const alex = await signIn(t.app, 'demo-alex');
      const cardsOf = async (token: string) =>
        (
          await call<{ storeCard: StoreCard[] }>(t.app, {
            url: '/api/storeCard/getUserCareList',
            token,
          })
        ).body.data.storeCard.map((card) => [card.cardTypeList.join(), card.balance]);
      expect(await cardsOf(xiaoying)).toEqual([
        ['general', 200],
        ['film', 50],
      ]);
      expect(await cardsOf(alex)).toEqual([['goods', 30]]);
    });

    it('has ten unused vouchers whose listed passwords work', async () => {
      const rows = await t.db
        .selectFrom('top_up_vouchers')
        .select(['card_no', 'used_at'])
        .where('card_no', 'like', '88000000%')
        .execute();
      expect(rows).toHaveLength(10);
      expect(rows.every((row) => row.used_at === null)).toBe(true);
      const user = await newUser(t);
      const demo = demoVouchers.find((voucher) => voucher.cardNo === '8800000004')!;
      const { body } = await recharge(user, { id: demo.cardNo, password: demo.password });
      expect(body.data).toMatchObject({ amount: 60, card: { cardTypeList: ['film'] } });
    });
  });

  describe('the card transactions list', () => {
    it('lists the user transactions newest first, paged, and by card', async () => {
      const user = await newUser(t);
      const film = await openTestCard(t, user, { types: ['film'], balanceFen: 500 });
      await recharge(user, await newVoucher('film', 1000));
      t.clock.advance(1);
      const goods = await recharge(user, await newVoucher('goods', 250));
      const first = await call<Page>(t.app, {
        url: '/api/useCardRecord/getCardList?pageNum=1&pageSize=2',
        token: user.token,
      });
      expect(first.body.data).toMatchObject({ pageNum: 1, pageSize: 2, total: 3, hasMore: true });
      expect(first.body.data.list.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([
        ['recharge', 2.5, 2.5],
        ['recharge', 10, 15],
      ]);
      expect(first.body.data.list[0]).toMatchObject({
        cardId: goods.body.data.card.id,
        orderId: null,
      });
      const second = await call<Page>(t.app, {
        url: '/api/useCardRecord/getCardList?pageNum=2&pageSize=2',
        token: user.token,
      });
      expect(second.body.data.list.map((row) => [row.kind, row.amount])).toEqual([
        ['adjustment', 5],
      ]);
      expect(second.body.data.hasMore).toBe(false);
      const byCard = await call<Page>(t.app, {
        url: `/api/useCardRecord/getCardList?cardId=${film.id}`,
        token: user.token,
      });
      expect(byCard.body.data.total).toBe(2);
    });

    it("shows no one else's transactions and refuses a bad page size", async () => {
      const user = await newUser(t);
      const empty = await call<Page>(t.app, {
        url: '/api/useCardRecord/getCardList',
        token: user.token,
      });
      expect(empty.body.data).toEqual({
        list: [],
        pageNum: 1,
        pageSize: 10,
        total: 0,
        hasMore: false,
      });
      const bad = await call(t.app, {
        url: '/api/useCardRecord/getCardList?pageSize=500',
        token: user.token,
      });
      expect(bad.body.code).toBe(40001);
    });

    it('leaves every balance equal to its ledger sum', async () => {
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    });
  });
});
