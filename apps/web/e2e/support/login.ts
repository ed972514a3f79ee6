import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The login fixture: every test signs in as a user of its own, made on the sandbox's authorisation
 * page (as a person choosing "new user" would), so no test sees another's cards, orders or pay
 * password. Money comes from the demo top-up vouchers (README "Demo data"), each usable once per
 * server: a test file takes each voucher at most once.
 */
export interface FreshUser {
  nickname: string;
  token: string;
}

export const vouchers = {
  general100: { cardNo: '8800000001', password: '318274', yuan: 100 },
  general50: { cardNo: '8800000002', password: '640152', yuan: 50 },
  film30: { cardNo: '8800000003', password: '975318', yuan: 30 },
  film60: { cardNo: '8800000004', password: '2048613', yuan: 60 },
  goods20: { cardNo: '8800000005', password: '55310872', yuan: 20 },
  goods40: { cardNo: '8800000006', password: '730419', yuan: 40 },
  general200: { cardNo: '8800000007', password: '4182650', yuan: 200 },
  film100: { cardNo: '8800000008', password: '861027', yuan: 100 },
  goods25: { cardNo: '8800000009', password: '39475120', yuan: 25 },
  general10: { cardNo: '8800000010', password: '507263', yuan: 10 },
} as const;
export type Voucher = (typeof vouchers)[keyof typeof vouchers];

let count = 0;
/** A nickname no other test uses (the sandbox page caps them at 32 characters). */
export function freshNickname(prefix = 'e2e'): string {
  count += 1;
  return `${prefix}-${count}-${randomBytes(3).toString('hex')}`;
}

export async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'movie.token');
  if (!cookie) throw new Error('not signed in');
  return decodeURIComponent(cookie.value);
}

/**
 * Open `path` signed out, create a new user on the sandbox's authorisation page, and come back
 * signed in: the code exchanged and gone from the URL, and the user fetched.
 */
export async function signInFresh(
  page: Page,
  baseUrl: string,
  path = '/',
  options: { nickname?: string } = {},
): Promise<FreshUser> {
  const nickname = options.nickname ?? freshNickname();
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/sandbox\/connect\/oauth2\/authorize/);
  const userInfo = page.waitForResponse((response) =>
    response.url().includes('/api/userInfo/getUserInfo'),
  );
  await page.locator('#nickname').fill(nickname);
  await page.locator('#nickname').press('Enter');
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/sandbox/') && !url.searchParams.has('code'),
  );
  await userInfo;
  return { nickname, token: await tokenOf(page.context()) };
}

/** Recharge the user's cards with demo vouchers through the API (spec §7 charging), in order. */
export async function topUp(baseUrl: string, token: string, ...list: Voucher[]): Promise<void> {
  for (const voucher of list) {
    const response = await fetch(`${baseUrl}/api/expenseRecord/charging`, {
      method: 'POST',
      headers: { site: 'www-test', token, 'content-type': 'application/json' },
      body: JSON.stringify({ id: voucher.cardNo, password: voucher.password }),
    });
    const envelope = (await response.json()) as { code: number; msg: string };
    if (envelope.code !== 0) {
      throw new Error(`top-up ${voucher.cardNo}: ${envelope.code} ${envelope.msg}`);
    }
  }
}

/**
 * A fresh user for a test's other actors that need no browser (someone holding seats, another
 * buyer): the sandbox's scripted sign-in (`sandbox:<openid>` codes), which makes the user.
 */
export async function createUser(baseUrl: string): Promise<FreshUser> {
  const nickname = freshNickname('api');
  const response = await fetch(`${baseUrl}/api/wx/redirect/login`, {
    method: 'POST',
    headers: { site: 'www-test', 'content-type': 'application/json' },
    body: JSON.stringify({ code: `sandbox:${nickname}` }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: FreshUser };
  if (envelope.code !== 0) throw new Error(`scripted sign-in: ${envelope.code} ${envelope.msg}`);
  return { nickname, token: envelope.data.token };
}

/**
 * A one-time hand-off code of a session (`?setToken=<code>` signs a browser in as that user once,
 * within two minutes): what links carry instead of a session token (decision 038).
 */
export async function handOffCode(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/userInfo/handOff`, {
    method: 'POST',
    headers: { site: 'www-test', token },
  });
  const envelope = (await response.json()) as {
    code: number;
    msg: string;
    data: { code: string };
  };
  if (envelope.code !== 0) throw new Error(`hand-off: ${envelope.code} ${envelope.msg}`);
  return envelope.data.code;
}
