import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What the staff console's end-to-end tests share: the built console, a desktop or tablet
 * window, signing staff in (in the page or for API calls) and a show that starts soon.
 */
export const DESKTOP = { width: 1366, height: 768 };

const consoleIndex = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../console/dist/index.html',
);

/**
 * For `startServer`'s `sql`: the demo site's door opens three hours before a show (60 minutes by
 * default), so a show scheduled once a hall is free (`clearSlotSoon`, maybe two hours away) can be
 * checked in now. The admit window itself is tested by the server's integration tests.
 */
export const DOOR_OPENS_EARLY_SQL = `update sites set settings = settings || '{"admitBeforeMinutes": 180}' where code = 'www-test'`;

/** Call in `beforeAll`: the console is served from its build. */
export function requireConsoleBuild(): void {
  if (!fs.existsSync(consoleIndex)) {
    throw new Error(
      'apps/console/dist is missing: run `npm run build` before the end-to-end tests',
    );
  }
}

/** A desktop window (1366×768) in Shanghai. */
export async function desktop(
  browser: Browser,
  options: { locale?: string; acceptDownloads?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    locale: options.locale ?? 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: options.acceptDownloads ?? false,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Sign a staff member in on the console's sign-in page (Chinese labels) and wait for home. */
export async function consoleSignIn(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/console/sign-in`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/\/console\/?$/);
}

/** A staff member's API session, for setting the scene around what a test drives by hand. */
export interface StaffApi {
  call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T>;
}

export async function staffApi(
  baseUrl: string,
  username: string,
  password: string,
): Promise<StaffApi> {
  const send = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}/api${url}`, {
      method,
      headers: {
        site: 'www-test',
        ...(token ? { 'x-staff-token': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const { token } = await send<{ token: string }>('POST', '/console/auth/login', {
    username,
    password,
  });
  return { call: (method, url, body) => send(method, url, body, token) };
}

/** Type a date (or date and time) into an antd picker of the open dialog and confirm it. */
export async function pickDate(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** The China (UTC+8) calendar date some days from now. */
export const chinaDate = (daysAhead = 0) =>
  new Date(Date.now() + 8 * 3600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * The cinema's business day (06:00 to 06:00 China time) an instant falls in, as the door and the
 * reports count it: at 01:00 a show of 10:00 the same calendar day is tomorrow's.
 */
export const chinaBusinessDate = (instant: Date) =>
  new Date(instant.getTime() + (8 - 6) * 3600_000).toISOString().slice(0, 10);

/** "YYYY-MM-DD HH:mm" in China time, as the console's date pickers take it. */
export const chinaDateTime = (instant: Date) =>
  new Date(instant.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

interface WeekShow {
  showId: string;
  startAt: string;
  endAt: string;
  cancelledAt: string | null;
}
interface Week {
  cleaningMinutes: number;
  halls: { id: string; name: string; shows: WeekShow[] }[];
}

/**
 * Room for a show of `minutes` starting about half an hour from now (after any show already
 * running) in the first hall of the manager's first cinema (`anyHall`: in the hall where it can
 * start soonest): the demo shows in its way are cancelled (none has sold a ticket), as a manager
 * clears a slot for a late change of programme. Answers the start, on a 5-minute step.
 */
export async function clearSlotSoon(
  manager: StaffApi,
  cinemaId: string,
  minutes: number,
  options: { anyHall?: boolean } = {},
): Promise<{ hallId: string; hallName: string; startAt: Date }> {
  const week = await manager.call<Week>(
    'GET',
    `/console/schedule/week?cinemaId=${cinemaId}&from=${chinaDate(-1)}`,
  );
  const cleaning = week.cleaningMinutes * 60_000;
  const now = Date.now();
  const earliestIn = (hall: Week['halls'][number]) =>
    Math.max(
      now + 30 * 60_000,
      ...hall.shows
        .filter((show) => !show.cancelledAt && Date.parse(show.startAt) <= now)
        .map((show) => Date.parse(show.endAt) + cleaning),
    );
  const hall = options.anyHall
    ? week.halls.reduce((best, next) => (earliestIn(next) < earliestIn(best) ? next : best))
    : week.halls[0]!;
  const live = hall.shows.filter((show) => !show.cancelledAt);
  const earliest = earliestIn(hall);
  const step = 5 * 60_000;
  const startAt = new Date(Math.ceil(earliest / step) * step);
  const until = startAt.getTime() + minutes * 60_000 + cleaning;
  for (const show of live) {
    const start = Date.parse(show.startAt);
    if (start <= now || start >= until || Date.parse(show.endAt) + cleaning <= startAt.getTime()) {
      continue;
    }
    await manager.call('POST', '/console/shows/cancel', {
      showId: show.showId,
      reason: '临时调整排片',
    });
  }
  return { hallId: hall.id, hallName: hall.name, startAt };
}
