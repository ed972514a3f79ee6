import { randomBytes } from 'node:crypto';
import type { CounterPayAnswer, CounterSale, Shift } from '@marquee/contracts/console';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import type { DatabaseKind } from '../../db/client.js';
import { FakeWechatServer } from '../../test-support/fake-wechat/fake-wechat-server.js';
import {
  switchDemoSiteToWechat,
  TEST_WECHAT,
} from '../../test-support/fake-wechat/test-credentials.js';
import {
  call,
  createTestApp,
  type CallResult,
  type TestApp,
  type TestClock,
} from '../../test-support/test-app.js';
import { someAddress, staffToken, uniqueUsername } from '../staff/staff-test-kit.js';
import { createStaff } from '../staff/index.js';
import { seatIds, seatMap } from '../film-order/film-order-test-kit.js';

/** Helpers of the box office tests: a fresh cashier, calls with a staff token, a sale. */

const PASSWORD = 'till-2026-pass';

/** A new staff member of the demo site (a cashier of one cinema by default), signed in. */
export async function newStaff(
  t: TestApp,
  siteId: string,
  options: { role?: 'cashier' | 'manager'; cinemaIds: string[] },
): Promise<{ token: string; id: string; username: string }> {
  const username = uniqueUsername('till');
  const staff = await createStaff(t, { id: siteId }, 'cli', {
    username,
    displayName: `收银员${username.slice(-4)}`,
    role: options.role ?? 'cashier',
    cinemaIds: options.cinemaIds,
    password: PASSWORD,
  });
  return { token: await staffToken(t.app, username, PASSWORD), id: staff.id, username };
}

/** A new session of a staff member made by `newStaff` (after the test clock moved a day). */
export function signInAgain(t: TestApp, username: string): Promise<string> {
  return staffToken(t.app, username, PASSWORD);
}

export function boxCall<T = Record<string, unknown>>(
  t: TestApp,
  token: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<CallResult<T>> {
  return call<T>(t.app, {
    method: body === undefined ? 'GET' : 'POST',
    url: `/api/console/box-office${url}`,
    body,
    headers: { 'x-staff-token': token, ...headers },
    remoteAddress: someAddress(),
  });
}

export const newKey = () => randomBytes(12).toString('hex');

export async function openShift(t: TestApp, token: string, float: number): Promise<Shift> {
  const answer = await boxCall<Shift>(t, token, '/shifts/open', { float });
  if (answer.body.code !== 0) throw new Error(`open shift: ${answer.body.msg}`);
  return answer.body.data;
}

export async function holdAtCounter(
  t: TestApp,
  token: string,
  showId: string,
  labels: string[],
): Promise<CallResult<CounterSale>> {
  const map = await seatMap(t, showId);
  return boxCall<CounterSale>(t, token, '/sale/hold', { showId, seatIds: seatIds(map, labels) });
}

export function payCash(
  t: TestApp,
  token: string,
  orderId: string,
  tendered: number,
  key: string = newKey(),
): Promise<CallResult<CounterPayAnswer>> {
  return boxCall<CounterPayAnswer>(
    t,
    token,
    '/sale/pay',
    { method: 'cash', orderId, tendered },
    { 'idempotency-key': key },
  );
}

/** The API v2 key (付款码) the fake WeChat's merchant signs with in the box office's tests. */
export const TEST_V2_KEY = 'MarqueeTestApiV2Key0123456789abc';

/**
 * An app whose demo site takes WeChat Pay through the fake WeChat server: Native (API v3) and
 * 付款码 (API v2, with its key). Close both when done.
 */
export async function startWechatTill(
  kind: DatabaseKind,
  options: {
    clock: TestClock;
    poolSize?: number;
    rateLimitPerMinute?: number;
    micropayPollMs?: number;
    micropayPolls?: number;
  },
): Promise<{ t: TestApp; fake: FakeWechatServer; appId: string }> {
  const fake = await FakeWechatServer.start(options.clock);
  const t = await createTestApp(kind, {
    clock: options.clock,
    poolSize: options.poolSize,
    rateLimitPerMinute: options.rateLimitPerMinute,
    wechat: {
      apiBase: fake.baseUrl,
      payBase: fake.baseUrl,
      micropayPollMs: options.micropayPollMs,
      micropayPolls: options.micropayPolls,
    },
  });
  const appId = await switchDemoSiteToWechat(t.db, fake);
  await t.db
    .updateTable('sites')
    .set({ wechat_pay_api_v2_key: TEST_V2_KEY })
    .where('code', '=', DEMO_SITE_CODE)
    .execute();
  fake.micropay.addMerchant(TEST_WECHAT.mchid, TEST_V2_KEY);
  return { t, fake, appId };
}

/**
 * A sale held at the counter by `token` on a show of the first cinema (`pickShow` answers fresh
 * shows of any cinema; the others are skipped).
 */
export async function heldSaleAt(
  t: TestApp,
  token: string,
  firstCinemaId: string,
  pickShow: () => Promise<string>,
  labels: string[],
): Promise<CounterSale> {
  for (;;) {
    const showId = await pickShow();
    const show = await t.db
      .selectFrom('shows')
      .select('cinema_id')
      .where('id', '=', showId)
      .executeTakeFirstOrThrow();
    if (show.cinema_id !== firstCinemaId) continue;
    const held = await holdAtCounter(t, token, showId, labels);
    if (held.body.code !== 0) throw new Error(`counter hold: ${held.body.msg}`);
    return held.body.data;
  }
}

/** A new cashier of the first cinema with an open shift (float ¥100) and a held sale. */
export async function cashierWithSale(
  t: TestApp,
  site: { siteId: string; firstCinemaId: string },
  pickShow: () => Promise<string>,
  labels: string[],
): Promise<{ till: Awaited<ReturnType<typeof newStaff>>; sale: CounterSale }> {
  const till = await newStaff(t, site.siteId, { cinemaIds: [site.firstCinemaId] });
  await openShift(t, till.token, 100);
  return { till, sale: await heldSaleAt(t, till.token, site.firstCinemaId, pickShow, labels) };
}

/** Pay the sale with any body of the pay call, under a fresh key unless one is given. */
export function paySale(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  key: string = newKey(),
): Promise<CallResult<CounterPayAnswer>> {
  return boxCall<CounterPayAnswer>(t, token, '/sale/pay', body, { 'idempotency-key': key });
}

/** The sale's payment rows, oldest first (card before WeChat within one attempt). */
export function paymentsOf(t: TestApp, orderId: string) {
  return t.db
    .selectFrom('payments')
    .select(['id', 'status', 'method', 'out_trade_no', 'shift_id', 'amount_fen'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('method')
    .execute();
}

/** A moviegoer of the WeChat site (signed in with a code the fake WeChat issued), and their id. */
export async function wechatMember(
  t: TestApp,
  fake: FakeWechatServer,
  appId: string,
): Promise<{ token: string; userId: string; siteId: string }> {
  const openid = `o-till-${randomBytes(6).toString('hex')}`;
  const answer = await call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/wx/redirect/login',
    body: { code: fake.issueCode(appId, { openid, nickname: '会员' }) },
    remoteAddress: someAddress(),
  });
  if (answer.body.code !== 0) throw new Error(`sign-in: ${answer.body.msg}`);
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'site_id'])
    .where('openid', '=', openid)
    .executeTakeFirstOrThrow();
  return { token: answer.body.data.token, userId: user.id, siteId: user.site_id };
}
