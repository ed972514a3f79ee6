import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';
import { hold, showPicker } from '../film-order/film-order-test-kit.js';

describeOnEachDatabase('the periodic sweep of expired seat holds', (kind) => {
  let t: TestApp;
  const freshShow = showPicker(() => t);
  beforeAll(async () => {
    t = await createTestApp(kind, { holdSweepIntervalMs: 50 });
  });
  afterAll(() => t?.close());

  /** The order's status and how it got there: only the sweep writes 'payment deadline passed (sweep)'. */
  const lastEvent = async (orderId: string) =>
    t.db
      .selectFrom('order_events')
      .select(['to_status', 'reason'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  const seatStates = async (orderId: string) =>
    (
      await t.db
        .selectFrom('film_order_seats')
        .select('state')
        .where('order_id', '=', orderId)
        .execute()
    ).map((seat) => seat.state);

  it('expires an unpaid order by itself once its hold has run out, and only that one', async () => {
    const showId = await freshShow('1号厅');
    const early = await hold(t, await signIn(t.app, uniqueOpenid()), showId, ['C4', 'C5']);
    expect(early.body.code).toBe(0);
    t.clock.advance(10 * 60);
    const late = await hold(t, await signIn(t.app, uniqueOpenid()), showId, ['E4', 'E5']);
    expect(late.body.code).toBe(0);

    // 16 minutes after the first hold and 6 after the second: only the first has run out. Nothing
    // but the sweep touches these orders from here on, so once the first reads expired, a sweep
    // has run at this time and has left the second alone.
    t.clock.advance(6 * 60);
    await expect
      .poll(() => lastEvent(early.body.data.id), { timeout: 5000 })
      .toEqual({ to_status: 'expired', reason: 'payment deadline passed (sweep)' });
    expect(await seatStates(early.body.data.id)).toEqual(['released', 'released']);
    expect(await lastEvent(late.body.data.id)).toMatchObject({ to_status: 'pending_payment' });
    expect(await seatStates(late.body.data.id)).toEqual(['held', 'held']);

    // The second hold runs out in turn.
    t.clock.advance(10 * 60);
    await expect
      .poll(() => lastEvent(late.body.data.id), { timeout: 5000 })
      .toEqual({ to_status: 'expired', reason: 'payment deadline passed (sweep)' });
    expect(await seatStates(late.body.data.id)).toEqual(['released', 'released']);
  });
});
