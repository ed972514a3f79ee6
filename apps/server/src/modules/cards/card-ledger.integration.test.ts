import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  chargeCards,
  commitCardHold,
  rebuildBalanceCheck,
  refundCardCharges,
  releaseCardHold,
  type ChargeCardsInput,
} from './index.js';
import {
  balanceOf,
  createTestOrder,
  newUser,
  openTestCard,
  type TestUser,
} from './cards-test-kit.js';

describeOnEachDatabase('the card ledger', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  function inTransaction<T>(run: (trx: Transaction<Database>) => Promise<T>) {
    return t.db.transaction().execute(run);
  }

  async function charge(user: TestUser, input: Partial<ChargeCardsInput> & { cardIds: string[] }) {
    const orderId = input.orderId ?? (await createTestOrder(t, user));
    const debits = await inTransaction((trx) =>
      chargeCards(trx, {
        siteId: user.siteId,
        userId: user.userId,
        orderId,
        cardType: 'film',
        amountFen: 100,
        mode: 'commit',
        clockNow: t.clock.now(),
        ...input,
      }),
    );
    return { orderId, debits };
  }

  async function refusal(promise: Promise<unknown>) {
    return promise.then(
      () => 'accepted',
      (error: { type?: string }) => error.type ?? String(error),
    );
  }

  describe('charging', () => {
    it('debits one card and writes a payment row carrying the order and the new balance', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['film'], balanceFen: 5000 });
      const { orderId, debits } = await charge(user, { cardIds: [card.id], amountFen: 3550 });
      expect(debits).toEqual([
        { cardId: card.id, cardNo: card.cardNo, amountFen: 3550, balanceAfterFen: 1450 },
      ]);
      expect(await balanceOf(t, card.id)).toBe(1450);
      const rows = await t.db
        .selectFrom('card_ledger')
        .select(['kind', 'amount_fen', 'balance_after_fen', 'order_id'])
        .where('card_id', '=', card.id)
        .orderBy('id')
        .execute();
      expect(rows.at(-1)).toEqual({
        kind: 'payment',
        amount_fen: -3550,
        balance_after_fen: 1450,
        order_id: orderId,
      });
    });

    it('draws specific-type cards before general ones, the lower balance first, then the older', async () => {
      const user = await newUser(t);
      const day = 24 * 3600_000;
      const general = await openTestCard(t, user, { types: ['general'], balanceFen: 100 });
      const filmOld = await openTestCard(t, user, {
        types: ['film'],
        balanceFen: 300,
        createdAt: new Date(Date.now() - 2 * day),
      });
      const filmNew = await openTestCard(t, user, {
        types: ['film'],
        balanceFen: 300,
        createdAt: new Date(Date.now() - day),
      });
      const filmSmall = await openTestCard(t, user, { types: ['film'], balanceFen: 200 });
      const { debits } = await charge(user, {
        cardIds: [general.id, filmNew.id, filmOld.id, filmSmall.id],
        amountFen: 850,
      });
      expect(debits.map((debit) => [debit.cardId, debit.amountFen])).toEqual([
        [filmSmall.id, 200],
        [filmOld.id, 300],
        [filmNew.id, 300],
        [general.id, 50],
      ]);
    });

    it('refuses a card whose types do not cover the order, writing nothing', async () => {
      const user = await newUser(t);
      const goods = await openTestCard(t, user, { types: ['goods'], balanceFen: 5000 });
      const film = await openTestCard(t, user, { types: ['film'], balanceFen: 5000 });
      expect(await refusal(charge(user, { cardIds: [goods.id, film.id], amountFen: 100 }))).toBe(
        'CARD_NOT_USABLE',
      );
      expect(await balanceOf(t, film.id)).toBe(5000);
      expect(
        await refusal(charge(user, { cardIds: [film.id], amountFen: 100, cardType: 'goods' })),
      ).toBe('CARD_NOT_USABLE');
    });

    it("refuses someone else's card, an unknown card id and an empty choice", async () => {
      const owner = await newUser(t);
      const stranger = await newUser(t);
      const card = await openTestCard(t, owner, { types: ['general'], balanceFen: 5000 });
      expect(await refusal(charge(stranger, { cardIds: [card.id] }))).toBe('CARD_NOT_USABLE');
      expect(await refusal(charge(owner, { cardIds: ['not-a-card'] }))).toBe('CARD_NOT_USABLE');
      expect(await refusal(charge(owner, { cardIds: [] }))).toBe('CARD_NOT_USABLE');
      expect(await balanceOf(t, card.id)).toBe(5000);
    });

    it('refuses more than the chosen cards hold, leaving every balance as it was', async () => {
      const user = await newUser(t);
      const a = await openTestCard(t, user, { types: ['film'], balanceFen: 300 });
      const b = await openTestCard(t, user, { types: ['general'], balanceFen: 200 });
      expect(await refusal(charge(user, { cardIds: [a.id, b.id], amountFen: 501 }))).toBe(
        'INSUFFICIENT_BALANCE',
      );
      expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([300, 200]);
      const exact = await charge(user, { cardIds: [a.id, b.id], amountFen: 500 });
      expect(exact.debits.map((debit) => debit.balanceAfterFen)).toEqual([0, 0]);
    });

    it('refuses a second charge of an order that is still charged', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 5000 });
      const { orderId } = await charge(user, { cardIds: [card.id] });
      expect(await refusal(charge(user, { cardIds: [card.id], orderId }))).toBe('CONFLICT');
      expect(await balanceOf(t, card.id)).toBe(4900);
    });
  });

  describe('holds and refunds', () => {
    it('holds, then commits once: the money stays gone and a second commit does nothing', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      const { orderId } = await charge(user, { cardIds: [card.id], amountFen: 400, mode: 'hold' });
      expect(await balanceOf(t, card.id)).toBe(600);
      const committed = await inTransaction((trx) => commitCardHold(trx, orderId, t.clock.now()));
      expect(committed.map((entry) => entry.amountFen)).toEqual([400]);
      expect(await inTransaction((trx) => commitCardHold(trx, orderId))).toEqual([]);
      expect(await inTransaction((trx) => releaseCardHold(trx, orderId, 'too late'))).toEqual([]);
      expect(await balanceOf(t, card.id)).toBe(600);
    });

    it('releases a hold back to the cards once, however often it is asked', async () => {
      const user = await newUser(t);
      const a = await openTestCard(t, user, { types: ['film'], balanceFen: 300 });
      const b = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      const { orderId } = await charge(user, {
        cardIds: [a.id, b.id],
        amountFen: 500,
        mode: 'hold',
      });
      expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([0, 800]);
      const released = await inTransaction((trx) => releaseCardHold(trx, orderId, 'wechat failed'));
      expect(released.map((entry) => entry.amountFen).sort()).toEqual([200, 300]);
      expect(await inTransaction((trx) => releaseCardHold(trx, orderId, 'again'))).toEqual([]);
      expect([await balanceOf(t, a.id), await balanceOf(t, b.id)]).toEqual([300, 1000]);
      // The order can then be paid again.
      await charge(user, { cardIds: [b.id], amountFen: 500, orderId });
      expect(await balanceOf(t, b.id)).toBe(500);
    });

    it('refunds what an order charged, once', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      const { orderId } = await charge(user, { cardIds: [card.id], amountFen: 700 });
      const refunded = await inTransaction((trx) =>
        refundCardCharges(trx, orderId, 'show cancelled'),
      );
      expect(refunded).toMatchObject([{ cardId: card.id, amountFen: 700, balanceAfterFen: 1000 }]);
      expect(await inTransaction((trx) => refundCardCharges(trx, orderId, 'again'))).toEqual([]);
      expect(await balanceOf(t, card.id)).toBe(1000);
    });

    it('refunds a committed hold, and releases a hold not yet committed', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      const first = await charge(user, { cardIds: [card.id], amountFen: 300, mode: 'hold' });
      await inTransaction((trx) => commitCardHold(trx, first.orderId));
      await inTransaction((trx) => refundCardCharges(trx, first.orderId, 'refund'));
      const second = await charge(user, { cardIds: [card.id], amountFen: 200, mode: 'hold' });
      await inTransaction((trx) => refundCardCharges(trx, second.orderId, 'refund'));
      expect(await balanceOf(t, card.id)).toBe(1000);
      const kinds = await t.db
        .selectFrom('card_ledger')
        .select('kind')
        .where('card_id', '=', card.id)
        .orderBy('id')
        .execute();
      expect(kinds.map((row) => row.kind)).toEqual([
        'adjustment',
        'hold',
        'hold_commit',
        'refund',
        'hold',
        'hold_release',
      ]);
    });
  });

  describe('invariants held by the database', () => {
    it('refuses to UPDATE or DELETE a ledger row', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      await expect(
        t.db
          .updateTable('card_ledger')
          .set({ amount_fen: 1 })
          .where('card_id', '=', card.id)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        t.db.deleteFrom('card_ledger').where('card_id', '=', card.id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(sql`truncate card_ledger`.execute(t.db)).rejects.toThrow(/append-only/);
    });

    it('refuses a balance below zero', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100 });
      await expect(
        t.db.updateTable('cards').set({ balance_fen: -1 }).where('id', '=', card.id).execute(),
      ).rejects.toThrow(/check/i);
    });

    it('refuses a payment row that credits, or one without an order', async () => {
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100 });
      const row = {
        card_id: card.id,
        site_id: user.siteId,
        user_id: user.userId,
        balance_after_fen: 100,
        reason: 'bad',
      };
      const orderId = await createTestOrder(t, user);
      await expect(
        t.db
          .insertInto('card_ledger')
          .values({ ...row, kind: 'payment', amount_fen: 5, order_id: orderId })
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        t.db
          .insertInto('card_ledger')
          .values({ ...row, kind: 'payment', amount_fen: -5 })
          .execute(),
      ).rejects.toThrow(/check/i);
    });

    it('agrees with every cached balance after all of the above, and finds a tampered one', async () => {
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100 });
      await t.db.updateTable('cards').set({ balance_fen: 150 }).where('id', '=', card.id).execute();
      expect(await rebuildBalanceCheck(t.db)).toEqual([
        { cardId: card.id, cardNo: card.cardNo, balanceFen: 150, ledgerFen: 100 },
      ]);
      await t.db.updateTable('cards').set({ balance_fen: 100 }).where('id', '=', card.id).execute();
    });
  });
});
