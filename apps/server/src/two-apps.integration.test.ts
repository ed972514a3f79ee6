import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleOrderDetail } from '@marquee/contracts/console';
import { describeOnEachDatabase } from './test-support/test-database.js';
import { call, createTestApp, type TestApp } from './test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from './modules/cards/cards-test-kit.js';
import { filmParam, holdSeats, payWithCards } from './modules/payment/payment-test-kit.js';
import { consoleCall, DEMO_PASSWORDS, staffToken } from './modules/staff/staff-test-kit.js';

type SeatMap = {
  showInfo: { hallName: string };
  rows: { seats: { id: string; state: string }[] }[];
};

/**
 * Two apps in one process (as tests build them), each on its own database: what one keeps in
 * memory (shows' layouts, taken seats, kept answers) and the deps its use cases close over (the
 * staff refund) are its own, whichever app was built last.
 */
describeOnEachDatabase('two apps in one process', (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await createTestApp(kind);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const futureShow = async (t: TestApp) =>
    t.db
      .selectFrom('shows')
      .select(['id', 'hall_id'])
      .where('start_at', '>', new Date(t.clock.now().getTime() + 6 * 3600_000))
      .where('is_on_sale', '=', true)
      .orderBy('start_at')
      .executeTakeFirstOrThrow();
  const seatMapOf = async (t: TestApp, showId: string) =>
    (await call<SeatMap>(t.app, { url: `/api/show/seats?showId=${showId}` })).body.data;

  it('keeps each app’s show layouts and taken seats apart', async () => {
    const showA = await futureShow(a);
    const seenByA = await seatMapOf(a, showA.id);
    // The other database's hall of the same show, if the two share ids, is renamed there only.
    const showB = await futureShow(b);
    await b.db
      .updateTable('halls')
      .set({ name: '另一个应用的厅' })
      .where('id', '=', showB.hall_id)
      .execute();
    expect((await seatMapOf(b, showB.id)).showInfo.hallName).toBe('另一个应用的厅');
    expect((await seatMapOf(a, showA.id)).showInfo.hallName).toBe(seenByA.showInfo.hallName);

    // A hold through app A is A's: its seats read as held there, not in B's database.
    const user = await newUser(a);
    const order = await holdSeats(a, user.token, { showId: showA.id });
    const heldIds = new Set(order.seats.map((seat) => seat.id));
    const stateIn = async (t: TestApp, showId: string) =>
      (await seatMapOf(t, showId)).rows
        .flatMap((row) => row.seats)
        .filter((seat) => heldIds.has(seat.id))
        .map((seat) => seat.state);
    expect(await stateIn(a, showA.id)).toEqual(order.seats.map(() => 'held'));
    expect((await stateIn(b, showB.id)).filter((state) => state !== 'available')).toEqual([]);
  });

  it('refunds through the app it was asked of, though another app was built after it', async () => {
    const show = await futureShow(a);
    const user = await newUser(a);
    await setTestPayPassword(a, user.token, '258036');
    const order = await holdSeats(a, user.token, { showId: show.id });
    const amountFen = Math.round(order.total * 100);
    const card = await openTestCard(a, user, { types: ['general'], balanceFen: amountFen });
    const paid = await payWithCards(a, user.token, {
      password: await encryptPassword(a, '258036'),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    expect(paid.body.code).toBe(0);
    const refunded = await consoleCall<ConsoleOrderDetail>(a.app, {
      url: '/api/console/orders/refund',
      staffToken: await staffToken(a.app, 'owner', DEMO_PASSWORDS.owner),
      method: 'POST',
      body: { orderId: order.id, reason: '影厅设备故障，全额退款' },
    });
    expect(refunded.body.code).toBe(0);
    expect(refunded.body.data.status).toBe('refunded');
  });
});
