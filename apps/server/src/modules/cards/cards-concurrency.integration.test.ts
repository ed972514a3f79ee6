import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { loadDemoDataOnce } from '../../db/demo-data.js';
import { describeOnPostgres, openTestDatabase } from '../../test-support/test-database.js';
import { TestClock } from '../../test-support/test-clock.js';
import { chargeCards, rebuildBalanceCheck, refundCardCharges, releaseCardHold } from './index.js';
import { createTestOrder, openTestCard } from './cards-test-kit.js';

describeOnPostgres('concurrent card payments', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('postgres', { poolSize: 20 });
    await loadDemoDataOnce(database.db);
  });
  afterAll(() => database?.close());

  it('never overdraws a card when 60 payments from it race on 20 connections', async () => {
    const t = { db: database.db, clock: new TestClock() };
    const user = await database.db
      .selectFrom('users')
      .select(['id as userId', 'site_id as siteId'])
      .where('openid', '=', 'demo-alex')
      .executeTakeFirstOrThrow();
    // 1000 fen pay for 28 payments of 35 fen; the other 32 must be refused.
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
    const orders = await Promise.all(Array.from({ length: 60 }, () => createTestOrder(t, user)));
    const results = await Promise.allSettled(
      orders.map((orderId) =>
        database.db.transaction().execute((trx) =>
          chargeCards(trx, {
            siteId: user.siteId,
            userId: user.userId,
            orderId,
            cardType: 'goods',
            cardIds: [card.id],
            amountFen: 35,
            mode: 'commit',
            clockNow: t.clock.now(),
          }),
        ),
      ),
    );
    const paid = results.filter((result) => result.status === 'fulfilled').length;
    const refusals = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { type?: string }).type] : [],
    );
    expect(paid).toBe(28);
    expect(new Set(refusals)).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    const row = await database.db
      .selectFrom('cards')
      .select('balance_fen')
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row.balance_fen).toBe(1000 - 28 * 35);
    expect(await rebuildBalanceCheck(database.db)).toEqual([]);
  });

  it('credits an order back once when ten refunds and releases of it race', async () => {
    const t = { db: database.db };
    const user = await database.db
      .selectFrom('users')
      .select(['id as userId', 'site_id as siteId'])
      .where('openid', '=', 'demo-xiaoying')
      .executeTakeFirstOrThrow();
    const a = await openTestCard(t, user, { types: ['film'], balanceFen: 300 });
    const b = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
    const orderId = await createTestOrder(t, user);
    await database.db.transaction().execute((trx) =>
      chargeCards(trx, {
        siteId: user.siteId,
        userId: user.userId,
        orderId,
        cardType: 'film',
        cardIds: [a.id, b.id],
        amountFen: 800,
        mode: 'hold',
        clockNow: new Date(),
      }),
    );
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db
          .transaction()
          .execute((trx) =>
            index % 2
              ? refundCardCharges(trx, orderId, 'race')
              : releaseCardHold(trx, orderId, 'race'),
          ),
      ),
    );
    const balances = await database.db
      .selectFrom('cards')
      .select(['id', 'balance_fen'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('balance_fen')
      .execute();
    expect(balances.map((row) => row.balance_fen)).toEqual([300, 1000]);
    expect(await rebuildBalanceCheck(database.db)).toEqual([]);
  });
});
