import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckInView } from '@marquee/contracts/console';
import { localClockOf } from '../../lib/local-date.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
} from '../cards/cards-test-kit.js';
import { filmParam, holdSeats, payWithCards } from '../payment/payment-test-kit.js';
import { consoleCall, DEMO_PASSWORDS, demoSite, staffToken } from '../staff/staff-test-kit.js';

const PASSWORD = '258036';
const MINUTE = 60_000;
/** The site's own window, not the defaults (60 before, 30 after): the settings are read. */
const BEFORE = 45;
const AFTER = 20;

/**
 * The door's admit window: a ticket is taken from BEFORE minutes before its show starts to AFTER
 * minutes after; earlier it is refused as too early (naming when the door opens), later as too
 * late, each with its own error code, and the order stays as it was.
 */
describeOnEachDatabase('the door’s admit window', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  let cashier = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    // Before the first request: the site is cached once read.
    await t.db
      .updateTable('sites')
      .set({
        settings: JSON.stringify({ admitBeforeMinutes: BEFORE, admitAfterMinutes: AFTER }),
      })
      .where('id', '=', site.siteId)
      .execute();
  });
  afterAll(() => t?.close());

  /** Move the test clock to `instant` for `run` (staff sign in there), then back. */
  async function at<T>(instant: Date, run: () => Promise<T>): Promise<T> {
    const seconds = (instant.getTime() - t.clock.now().getTime()) / 1000;
    t.clock.advance(seconds);
    try {
      cashier = await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier);
      return await run();
    } finally {
      t.clock.advance(-seconds);
    }
  }

  let showCursor = 0;
  /** A paid ticket of a daytime show (so the window's ends share its business day). */
  async function ticket() {
    const show = await t.db
      .selectFrom('shows')
      .select(['id', 'start_at'])
      .where('cinema_id', '=', site.firstCinemaId)
      .where('start_at', '>', new Date(t.clock.now().getTime() + 26 * 60 * MINUTE))
      // 10:00 to 20:00 in China (UTC+8).
      .where(sql<boolean>`extract(hour from start_at at time zone 'UTC') between 2 and 11`)
      .orderBy('start_at')
      .offset(showCursor++)
      .limit(1)
      .executeTakeFirstOrThrow();
    const user = await newUser(t);
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    const order = await holdSeats(t, user.token, { showId: show.id });
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    expect(paid.body.code).toBe(0);
    const row = await t.db
      .selectFrom('orders')
      .select('pickup_code')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return { orderId: order.id, code: row.pickup_code!, startAt: new Date(show.start_at) };
  }

  const use = (code: string, lang: 'zh' | 'en' = 'zh') =>
    call<CheckInView>(t.app, {
      method: 'POST',
      url: '/api/console/checkin/use',
      body: { code },
      headers: { 'x-staff-token': cashier, 'accept-language': lang === 'en' ? 'en' : 'zh-CN' },
    });
  const lookup = (code: string) =>
    consoleCall<CheckInView>(t.app, {
      url: '/api/console/checkin/lookup',
      staffToken: cashier,
      body: { code },
    });
  const statusOf = async (orderId: string) =>
    (
      await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses a ticket too early, saying when the door opens, and changes nothing', async () => {
    const bought = await ticket();
    const opensAt = localClockOf(new Date(bought.startAt.getTime() - BEFORE * MINUTE));
    await at(new Date(bought.startAt.getTime() - (BEFORE + 1) * MINUTE), async () => {
      const refused = await use(bought.code);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe(42251);
      expect(refused.body.msg).toBe(`太早了，${opensAt} 开始检票`);
      expect(refused.body.data).toMatchObject({ problem: 'tooEarly', admitFromText: opensAt });
      expect((await use(bought.code, 'en')).body.msg).toBe(`Too early, opens at ${opensAt}.`);
      const seen = await lookup(bought.code);
      expect(seen.body.data).toMatchObject({
        problem: 'tooEarly',
        problemText: `太早了，${opensAt} 开始检票`,
      });
    });
    expect(await statusOf(bought.orderId)).toBe('ticketed');
  });

  it('admits a ticket from the window’s opening to its close', async () => {
    const first = await ticket();
    await at(new Date(first.startAt.getTime() - (BEFORE - 1) * MINUTE), async () => {
      expect((await lookup(first.code)).body.data.problem).toBeNull();
      const used = await use(first.code);
      expect(used.body.code).toBe(0);
      expect(used.body.data.status).toBe('used');
    });
    const second = await ticket();
    await at(new Date(second.startAt.getTime() + (AFTER - 1) * MINUTE), async () => {
      expect((await use(second.code)).body.code).toBe(0);
    });
    expect(await statusOf(second.orderId)).toBe('used');
  });

  it('refuses a ticket too late once the window has closed', async () => {
    const bought = await ticket();
    const closedAt = localClockOf(new Date(bought.startAt.getTime() + AFTER * MINUTE));
    await at(new Date(bought.startAt.getTime() + (AFTER + 1) * MINUTE), async () => {
      const refused = await use(bought.code);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe(42252);
      expect(refused.body.msg).toBe(`太晚了，${closedAt} 已停止检票`);
      expect(refused.body.data).toMatchObject({ problem: 'tooLate', admitUntilText: closedAt });
    });
    expect(await statusOf(bought.orderId)).toBe('ticketed');
  });
});
