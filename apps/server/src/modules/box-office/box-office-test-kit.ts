import { randomBytes } from 'node:crypto';
import type { CounterPayAnswer, CounterSale, Shift } from '@marquee/contracts/console';
import { call, type CallResult, type TestApp } from '../../test-support/test-app.js';
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
