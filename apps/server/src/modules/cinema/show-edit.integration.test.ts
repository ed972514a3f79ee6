import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, messageListCall, orderDetailCall } from '@marquee/contracts';
import type {
  ScheduleShow,
  scheduleWeekCall,
  showEditCall,
  showNoticesCall,
} from '@marquee/contracts/console';
import { addDays, localDateOf, localInstant } from '../../lib/local-date.js';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { call, createTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  encryptPassword,
  newUser,
  openTestCard,
  setTestPayPassword,
  type TestUser,
} from '../cards/cards-test-kit.js';
import { sendDueNotices } from '../notices/index.js';
import { filmParam, holdSeats, payWithCards } from '../payment/payment-test-kit.js';
import { createSiteResolver } from '../site/index.js';
import { consoleCall, DEMO_PASSWORDS, demoSite, staffToken } from '../staff/staff-test-kit.js';

type Week = CallAnswer<typeof scheduleWeekCall>;
type Hall = Week['halls'][number];
type Edit = CallAnswer<typeof showEditCall>;
const PASSWORD = '258036';

describeOnEachDatabase('editing a scheduled show and telling its buyers', (kind) => {
  let t: TestApp;
  let hall: Hall;
  let filmId: string;
  let manager = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    const site = await demoSite(t.db);
    manager = await staffToken(t.app, 'manager', DEMO_PASSWORDS.manager);
    const week = await consoleCall<Week>(t.app, {
      url: `/api/console/schedule/week?cinemaId=${site.firstCinemaId}&from=${today()}`,
      staffToken: manager,
    });
    hall = week.body.data.halls[0]!;
    filmId = (
      await t.db.selectFrom('films').select('id').orderBy('title').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  const today = () => localDateOf(t.clock.now());
  let dayCursor = 20;
  const freshDay = () => addDays(today(), (dayCursor += 1));
  const at = (date: string, hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return localInstant(date, h! * 60 + m!).toISOString();
  };
  const create = async (startAt: string) =>
    (
      await consoleCall<ScheduleShow>(t.app, {
        url: '/api/console/shows/create',
        staffToken: manager,
        body: {
          hallId: hall.id,
          filmId,
          language: '国语',
          format: '2D',
          prices: hall.priceAreas.map((area) => ({
            areaId: area.id,
            priceFen: 6000,
            discountPriceFen: 5000,
          })),
          startAt,
        },
      })
    ).body.data;
  const edit = (body: Record<string, unknown>) =>
    consoleCall<Edit>(t.app, { url: '/api/console/shows/edit', staffToken: manager, body });
  const worker = () => ({
    db: t.db,
    clock: t.clock,
    wechat: createWechatDeps({ apiBase: 'http://127.0.0.1:9', payBase: 'http://127.0.0.1:9' }),
    sites: createSiteResolver(t.db),
  });

  /** A buyer with a bound phone who paid for two seats of the show by card. */
  async function buyer(showId: string, phone: string) {
    const user: TestUser = await newUser(t);
    await t.db.updateTable('users').set({ phone }).where('id', '=', user.userId).execute();
    await setTestPayPassword(t, user.token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['general'], balanceFen: 100_000 });
    const order = await holdSeats(t, user.token, { showId });
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [card.id],
    });
    expect(paid.body.code).toBe(0);
    return { user, order };
  }

  it('refuses a start that meets another show of the hall, and changes nothing', async () => {
    const day = freshDay();
    const first = await create(at(day, '10:00'));
    const second = await create(at(day, '16:00'));
    const refused = await edit({ showId: second.showId, startAt: at(day, '11:00') });
    expect(refused.body.code).toBe(40930);
    expect(refused.body.msg).toContain('时间重叠');
    const row = await t.db
      .selectFrom('shows')
      .select('start_at')
      .where('id', '=', second.showId)
      .executeTakeFirstOrThrow();
    expect(row.start_at.toISOString()).toBe(second.startAt);
    // A show never overlaps itself: a small move within its own slot is fine.
    const nudged = await edit({ showId: first.showId, startAt: at(day, '10:10') });
    expect(nudged.body.code).toBe(0);
    expect(nudged.body.data.isRefundCutoffWaived).toBe(false);
  });

  it('refuses a start in the past and any change of a cancelled show', async () => {
    const day = freshDay();
    const show = await create(at(day, '10:00'));
    const past = await edit({ showId: show.showId, startAt: t.clock.now().toISOString() });
    expect(past.body.code).toBe(42270);
    const cancel = await consoleCall(t.app, {
      url: '/api/console/shows/cancel',
      staffToken: manager,
      body: { showId: show.showId, reason: '设备故障' },
    });
    expect(cancel.body.code).toBe(0);
    const late = await edit({ showId: show.showId, startAt: at(day, '12:00') });
    expect(late.body.code).toBe(42270);
    expect(late.body.msg).toContain('已取消');
  });

  it('puts a show back on sale after 停售', async () => {
    const show = await create(at(freshDay(), '10:00'));
    await consoleCall(t.app, {
      url: '/api/console/shows/offSale',
      staffToken: manager,
      body: { showId: show.showId },
    });
    const resumed = await edit({ showId: show.showId, isOnSale: true });
    expect(resumed.body.code).toBe(0);
    expect(resumed.body.data.show.isOnSale).toBe(true);
    const user = await newUser(t);
    expect((await holdSeats(t, user.token, { showId: show.showId })).id).toBeTruthy();
  });

  it('tells each buyer of a cancelled show, naming the show and seats', async () => {
    const day = freshDay();
    const show = await create(at(day, '20:00'));
    const { order } = await buyer(show.showId, '13800138032');
    await consoleCall(t.app, {
      url: '/api/console/shows/cancel',
      staffToken: manager,
      body: { showId: show.showId, reason: '放映设备故障' },
    });
    const notices = await t.db
      .selectFrom('notice_outbox')
      .select(['kind', 'payload', 'sms_state'])
      .where('order_id', '=', order.id)
      .execute();
    const cancelled = notices.find((n) => n.kind === 'showChanged')!;
    expect(cancelled.payload).toMatchObject({ change: 'cancelled' });
    expect(cancelled.payload.text).toContain(`${day} 20:00`);
    expect(cancelled.payload.text).toContain('放映设备故障');
    expect(cancelled.payload.text).toMatch(/排\d+座/);
    expect(cancelled.sms_state).toBe('pending');
    // The refund's own notice follows the refund.
    expect(notices.map((n) => n.kind)).toContain('refunded');
  });

  it('moves a show by 30 minutes: buyers told in the app and by SMS, refund past the cutoff', async () => {
    const day = freshDay();
    const show = await create(at(day, '19:00'));
    const { user, order } = await buyer(show.showId, '13800138031');

    const moved = await edit({
      showId: show.showId,
      startAt: at(day, '19:30'),
      reason: '设备调试',
    });
    expect(moved.body.code).toBe(0);
    expect(moved.body.data).toMatchObject({ notifiedOrders: 1, isRefundCutoffWaived: true });
    expect(moved.body.data.show.startAt).toBe(at(day, '19:30'));
    expect(Date.parse(moved.body.data.show.endAt) - Date.parse(moved.body.data.show.startAt)).toBe(
      Date.parse(show.endAt) - Date.parse(show.startAt),
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'show.edit')
      .where('entity_id', '=', show.showId)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ startAt: at(day, '19:30'), notifiedOrders: 1 });

    const seats = order.seats.map((seat) => seat.label);
    const messages = await call<CallAnswer<typeof messageListCall>>(t.app, {
      url: '/api/userInfo/messages',
      token: user.token,
    });
    const message = messages.body.data.list.find((m) => m.kind === 'showChanged')!;
    expect(message).toMatchObject({ change: 'time', orderId: order.id });
    const film = await t.db
      .selectFrom('films')
      .select('title')
      .where('id', '=', filmId)
      .executeTakeFirstOrThrow();
    expect(message.text).toContain(`《${film.title}》`);
    expect(message.text).toContain(`由 ${day} 19:00 改为 ${day} 19:30`);
    expect(message.text).toContain(hall.name);
    for (const label of seats) {
      const [, row, col] = /^([A-Za-z]+)0*(\d+)$/.exec(label)!;
      expect(message.text).toContain(`${row}排${col}座`);
    }

    await sendDueNotices(worker());
    const sms = await t.db
      .selectFrom('sms_messages')
      .select('text')
      .where('phone', '=', '13800138031')
      .execute();
    expect(sms.map((row) => row.text)).toEqual([expect.stringContaining('改为')]);
    const panel = await consoleCall<CallAnswer<typeof showNoticesCall>>(t.app, {
      url: `/api/console/shows/notices?showId=${show.showId}`,
      staffToken: manager,
    });
    const row = panel.body.data.list.find((n) => n.change === 'time')!;
    expect(row).toMatchObject({ phone: '138****8031', sms: 'sent', wechat: 'skipped' });
    const resend = await consoleCall<CallAnswer<typeof showNoticesCall>['list'][number]>(t.app, {
      url: '/api/console/shows/notices/resend',
      staffToken: manager,
      body: { showId: show.showId, noticeId: row.noticeId },
    });
    expect(resend.body.data).toMatchObject({ wechat: 'pending', sms: 'pending' });
    await sendDueNotices(worker());
    expect(
      await t.db
        .selectFrom('sms_messages')
        .select('id')
        .where('phone', '=', '13800138031')
        .execute(),
    ).toHaveLength(2);

    // 30 minutes before the new start: past the 60-minute cutoff, the buyer still refunds.
    t.clock.advance((Date.parse(at(day, '19:00')) - t.clock.now().getTime()) / 1000);
    const token = await signIn(t.app, user.openid);
    const detail = await call<CallAnswer<typeof orderDetailCall>>(t.app, {
      url: `/api/order/detail?orderId=${order.id}`,
      token,
    });
    expect(detail.body.data.refund.isAllowed).toBe(true);
    const refund = await call(t.app, {
      method: 'POST',
      url: '/api/order/refund',
      token,
      body: { orderId: order.id },
    });
    expect(refund.body.code).toBe(0);
  });
});
