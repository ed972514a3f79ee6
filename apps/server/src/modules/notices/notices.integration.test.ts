import { afterAll, beforeAll, expect, it } from 'vitest';
import { seatName, type CallAnswer, type messageListCall, type UserInfo } from '@marquee/contracts';
import { createWechatDeps } from '../../lib/wechat/wechat-http.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import { TEST_WECHAT } from '../../test-support/fake-wechat/test-credentials.js';
import { call, createTestApp, TestClock, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { encryptPassword, openTestCard, setTestPayPassword } from '../cards/cards-test-kit.js';
import { filmParam, holdSeats, payWithCards } from '../payment/payment-test-kit.js';
import { createSiteResolver } from '../site/index.js';
import { BIZSEND_PATH } from './bizsend.js';
import { sendDueNotices } from './notice-worker.js';

const PASSWORD = '258036';
const PAID_TEMPLATE = 'tpl-paid-0001';
const REMINDER_TEMPLATE = 'tpl-reminder-0001';

/**
 * The outbox and its worker on a WeChat site, against the fake WeChat's bizsend: one row per
 * event written with the payment, sent once, retried with backoff after a 5xx or no answer,
 * refused without retry on 43101, and shown in 我的 → 消息 whatever WeChat did.
 */
describeOnEachDatabase('subscription notices from the outbox', (kind) => {
  let t: TestApp;
  let fake: FakeWechatServer;
  let appId: string;
  let worker: Parameters<typeof sendDueNotices>[0];
  const clock = new TestClock();

  beforeAll(async () => {
    fake = await FakeWechatServer.start(clock);
    const wechat = { apiBase: fake.baseUrl, payBase: fake.baseUrl, timeoutMs: 300 };
    t = await createTestApp(kind, { clock, wechat });
    const site = await t.db
      .updateTable('sites')
      .set({
        messenger_mode: 'wechat',
        wechat_app_secret: TEST_WECHAT.appSecret,
        notice_template_paid: PAID_TEMPLATE,
        notice_template_reminder: REMINDER_TEMPLATE,
        notice_template_refunded: null,
        notice_template_ready: null,
      })
      .where('code', '=', 'www-test')
      .returning('wechat_app_id')
      .executeTakeFirstOrThrow();
    appId = site.wechat_app_id;
    fake.registerApp(appId);
    fake.addNoticeTemplate(appId, PAID_TEMPLATE);
    fake.addNoticeTemplate(appId, REMINDER_TEMPLATE);
    worker = { db: t.db, clock, wechat: createWechatDeps(wechat), sites: createSiteResolver(t.db) };
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  let n = 0;
  /** A WeChat user who signed in, set a pay password and holds a film card. */
  async function buyer() {
    n += 1;
    const openid = `o-notice-${kind}-${n}`;
    const code = fake.issueCode(appId, { openid, nickname: `观众${n}` });
    const { body } = await call<{ token: string; userInfo: UserInfo }>(t.app, {
      method: 'POST',
      url: '/api/wx/redirect/login',
      body: { code },
      remoteAddress: `10.8.${n}.1`,
    });
    expect(body.code).toBe(0);
    const token = body.data.token;
    const user = await t.db
      .selectFrom('users')
      .select(['id as userId', 'site_id as siteId'])
      .where('openid', '=', openid)
      .executeTakeFirstOrThrow();
    await setTestPayPassword(t, token, PASSWORD);
    const card = await openTestCard(t, user, { types: ['film'], balanceFen: 100_000 });
    return { openid, token, ...user, card };
  }

  async function subscribe(token: string, kinds: string[]) {
    return call(t.app, {
      method: 'POST',
      url: '/api/userInfo/messages/subscribe',
      token,
      body: { kinds },
    });
  }

  async function buyTickets(user: Awaited<ReturnType<typeof buyer>>, hoursAhead = 6) {
    const order = await holdSeats(t, user.token, { hoursAhead });
    const paid = await payWithCards(t, user.token, {
      password: await encryptPassword(t, PASSWORD),
      param: filmParam(order.id),
      cardIdList: [user.card.id],
    });
    expect(paid.body.code).toBe(0);
    return order;
  }

  const outboxOf = (orderId: string) =>
    t.db.selectFrom('notice_outbox').selectAll().where('order_id', '=', orderId).execute();

  it('writes exactly one outbox row, with seats and code, in the paying transaction', async () => {
    const user = await buyer();
    const order = await buyTickets(user);
    const rows = await outboxOf(order.id);
    expect(rows).toHaveLength(1);
    const ticket = await t.db
      .selectFrom('orders')
      .select('pickup_code')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({ kind: 'paid', state: 'pending', attempts: 0 });
    expect(rows[0]!.payload).toMatchObject({
      code: ticket.pickup_code,
      seats: order.seats.map((seat) => seat.label).join(' '),
      title: order.showInfo.filmTitle,
    });
    // Nothing was sent while paying: sending is the worker's, after the commit.
    expect(fake.count(BIZSEND_PATH)).toBe(0);
  });

  it('writes one refunded row when the order is refunded, however often it is asked', async () => {
    const user = await buyer();
    const order = await buyTickets(user, 30);
    const refund = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/order/refund',
        token: user.token,
        body: { orderId: order.id },
      });
    expect((await refund()).body.code).toBe(0);
    expect((await refund()).body.code).not.toBe(0);
    const rows = await outboxOf(order.id);
    expect(rows.map((row) => row.kind).sort()).toEqual(['paid', 'refunded']);
    expect(rows.find((row) => row.kind === 'refunded')!.payload).toMatchObject({
      title: order.showInfo.filmTitle,
      amount: order.total.toFixed(2),
    });
  });

  it('sends a notice once even with two workers at once', async () => {
    const user = await buyer();
    expect((await subscribe(user.token, ['paid'])).body.code).toBe(0);
    fake.subscribe(user.openid, PAID_TEMPLATE);
    const order = await buyTickets(user);
    await Promise.all([sendDueNotices(worker), sendDueNotices(worker), sendDueNotices(worker)]);
    await sendDueNotices(worker);
    const sent = fake.notices.filter((notice) => notice.touser === user.openid);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template_id: PAID_TEMPLATE });
    expect(JSON.stringify(sent[0]!.data)).toContain(seatName(order.seats[0]!.label, 'zh'));
    const [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('retries a 5xx and a timeout from WeChat with growing waits, then sends once', async () => {
    const user = await buyer();
    await subscribe(user.token, ['paid']);
    fake.subscribe(user.openid, PAID_TEMPLATE);
    const order = await buyTickets(user);
    fake.setFault({ kind: 'error', status: 503, path: /bizsend$/, times: 1 });

    await sendDueNotices(worker);
    let [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row!.last_error).toContain('503');
    expect(row!.next_attempt_at.getTime() - clock.now().getTime()).toBe(30_000);

    await sendDueNotices(worker); // not due yet: nothing happens
    expect((await outboxOf(order.id))[0]!.attempts).toBe(1);

    clock.advance(30);
    fake.setFault({ kind: 'hang', path: /bizsend$/, times: 1 });
    await sendDueNotices(worker); // no answer: the client's timeout
    [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(row!.next_attempt_at.getTime() - clock.now().getTime()).toBe(60_000);

    clock.advance(60);
    await sendDueNotices(worker);
    [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
    expect(fake.notices.filter((notice) => notice.touser === user.openid)).toHaveLength(1);
  });

  it('marks a notice refused on 43101 and never tries again', async () => {
    const user = await buyer();
    await subscribe(user.token, ['paid']); // consent recorded here, but WeChat has none
    const order = await buyTickets(user);
    const before = fake.count(BIZSEND_PATH);
    await sendDueNotices(worker);
    let [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'refused', attempts: 1 });
    expect(row!.last_error).toContain('43101');
    clock.advance(3600);
    await sendDueNotices(worker);
    [row] = await outboxOf(order.id);
    expect(row).toMatchObject({ state: 'refused', attempts: 1 });
    expect(fake.count(BIZSEND_PATH)).toBe(before + 1);
  });

  it('shows the messages in the list whatever WeChat did, and only to their user', async () => {
    const user = await buyer();
    const order = await buyTickets(user);
    await sendDueNotices(worker); // no consent: not sent to WeChat, still listed
    const { body } = await call<CallAnswer<typeof messageListCall>>(t.app, {
      url: '/api/userInfo/messages',
      token: user.token,
    });
    expect(body.code).toBe(0);
    expect(body.data.list).toHaveLength(1);
    expect(body.data.list[0]).toMatchObject({
      kind: 'paid',
      orderId: order.id,
      title: order.showInfo.filmTitle,
      seats: order.seats.map((seat) => seat.label).join(' '),
      delivery: 'skipped',
    });
    expect(body.data.list[0]!.code).toMatch(/\S+/);
    const other = await buyer();
    const theirs = await call<CallAnswer<typeof messageListCall>>(t.app, {
      url: '/api/userInfo/messages',
      token: other.token,
    });
    expect(theirs.body.data.list).toEqual([]);
  });

  it('refuses consent to a notice the site has no template for, recording nothing', async () => {
    const user = await buyer();
    const { body } = await subscribe(user.token, ['paid', 'refunded']);
    expect(body.code).not.toBe(0);
    const consents = await t.db
      .selectFrom('notice_consents')
      .select('kind')
      .where('user_id', '=', user.userId)
      .execute();
    expect(consents).toEqual([]);
  });

  it('writes the show reminder once, two hours before the show', async () => {
    const user = await buyer();
    await subscribe(user.token, ['reminder']);
    fake.subscribe(user.openid, REMINDER_TEMPLATE);
    const order = await buyTickets(user, 30);
    const startAt = Date.parse(order.showInfo.startAt);
    clock.advance((startAt - clock.now().getTime() - 2 * 3600_000 - 60_000) / 1000);
    await sendDueNotices(worker);
    expect((await outboxOf(order.id)).map((row) => row.kind)).toEqual(['paid']);
    clock.advance(120);
    await sendDueNotices(worker);
    await sendDueNotices(worker);
    const reminders = (await outboxOf(order.id)).filter((row) => row.kind === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ state: 'sent' });
    const sent = fake.notices.filter((notice) => notice.template_id === REMINDER_TEMPLATE);
    expect(sent.filter((notice) => notice.touser === user.openid)).toHaveLength(1);
  });
});
