import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import { hold, showPicker } from './film-order-test-kit.js';

describeOnEachDatabase('the periodic sweep of expired seat holds', (kind) => {
  let t: TestApp;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind, { holdSweepIntervalMs: 50 });
  });
  afterAll(() => t?.close());

  const statusOf = async (orderId: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  it('expires an unpaid order by itself once its hold has run out', async () => {
    const token = await signIn(t.app, uniqueOpenid());
    const held = await hold(t, token, await freshShow('1号厅'), ['C4', 'C5']);
    expect(held.body.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(held.body.data.id)).toBe('pending_payment');

    t.clock.advance(15 * 60);
    await expect.poll(() => statusOf(held.body.data.id), { timeout: 5000 }).toBe('expired');
    const seats = await t.db
      .selectFrom('film_order_seats')
      .select('state')
      .where('order_id', '=', held.body.data.id)
      .execute();
    expect(seats.map((seat) => seat.state)).toEqual(['released', 'released']);
  });
});
