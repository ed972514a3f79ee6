import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bestSeats, type CallAnswer, type showSeatsCall } from '@marquee/contracts';
import { launchBrowser, newPhone, screenshot, signInAs } from './support/browser';
import { startServer, type RunningServer } from './support/server';

type SeatMap = CallAnswer<typeof showSeatsCall>;

let server: RunningServer;
let browser: Browser;

// A private copy of the built app: others rebuilding apps/web/dist meanwhile cannot pull chunks
// from under this run.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-live-web-'));

beforeAll(async () => {
  fs.cpSync(path.resolve(fileURLToPath(import.meta.url), '../../dist'), webDist, {
    recursive: true,
  });
  [server, browser] = await Promise.all([startServer({ WEB_DIST: webDist }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function get<T>(url: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${url}`, { headers: { site: 'www-test' } });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

/** Tomorrow's first show of the first cinema: on sale for the whole run. */
async function pickShow(): Promise<string> {
  const cinemas = await get<{ list: { id: string }[] }>('/cinema/list');
  const cinemaId = cinemas.list[0]!.id;
  const detail = await get<{ showDates: string[] }>(`/cinema/detail?cinemaId=${cinemaId}`);
  const shows = await get<{ films: { shows: { showId: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinemaId}&date=${detail.showDates[1]}`,
  );
  return shows.films[0]!.shows[0]!.showId;
}

/**
 * Two side-by-side seats the shared rules accept: the best pair (推荐选座), where a large hall's
 * map opens, so both are on screen without panning.
 */
function twoSeats(map: SeatMap): string[] {
  const best = bestSeats(map, 2);
  if (best.kind !== 'row') throw new Error('no two free seats');
  const byId = new Map(map.rows.flatMap((row) => row.seats).map((seat) => [seat.id, seat]));
  return best.seatIds.map((id) => byId.get(id)!.label);
}

const seatButton = (page: Page, label: string) => page.locator(`[data-seat="${label}"]`);

describe('live seat availability', () => {
  it('shows a seat another phone just held as taken, without reloading or polling', async () => {
    const showId = await pickShow();
    const labels = twoSeats(await get<SeatMap>(`/show/seats?showId=${showId}`));

    const alex = await (await newPhone(browser)).newPage();
    const stream = alex.waitForRequest((request) =>
      request.url().includes('/api/show/availability/stream'),
    );
    // The seat page reads the layout and the availability, never the whole map.
    let wholeMapReads = 0;
    alex.on('request', (request) => {
      if (request.url().includes('/api/show/seats')) wholeMapReads += 1;
    });
    await signInAs(alex, server.baseUrl, 'Alex', `/cinema/seat?showId=${showId}`);
    await alex.locator('[data-seat]').first().waitFor();
    await stream;
    await seatButton(alex, labels[0]!).click();
    await expect.poll(() => seatButton(alex, labels[0]!).getAttribute('data-state')).toBe('chosen');
    // From the hold on, Alex's phone reads no availability: only the stream can tell it.
    let heldAt = Number.POSITIVE_INFINITY;
    let polls = 0;
    alex.on('request', (request) => {
      if (request.url().includes('/api/show/availability?') && Date.now() >= heldAt) polls += 1;
    });

    const xiaoying = await (await newPhone(browser)).newPage();
    await signInAs(xiaoying, server.baseUrl, '小影', `/cinema/seat?showId=${showId}`);
    for (const label of labels) await seatButton(xiaoying, label).click();
    heldAt = Date.now();
    await xiaoying.getByRole('button', { name: /确认选座/ }).click();
    await xiaoying.waitForURL(/\/cinema\/order\?showId=/);

    await expect
      .poll(() => seatButton(alex, labels[1]!).getAttribute('data-state'), { timeout: 3_000 })
      .toBe('taken');
    expect(await seatButton(alex, labels[0]!).getAttribute('data-state')).toBe('taken');
    await expect
      .poll(() => alex.getByRole('status').filter({ hasText: '刚被抢走' }).count())
      .toBe(1);
    expect(polls).toBe(0);
    expect(wholeMapReads).toBe(0);
    await screenshot(alex, 'live-seat-just-taken');

    // 小影 cancels: Alex's map shows the seats free again, still without a reload.
    await xiaoying.getByRole('button', { name: '取消订单' }).click();
    await xiaoying.getByRole('button', { name: '确认取消' }).click();
    await expect
      .poll(() => seatButton(alex, labels[1]!).getAttribute('data-state'), { timeout: 3_000 })
      .toBe('available');
    await alex.context().close();
    await xiaoying.context().close();
  });

  it('opens the map from the layout and the availability, the layout from the cache on a reopen', async () => {
    const showId = await pickShow();
    const page = await (await newPhone(browser)).newPage();
    await signInAs(page, server.baseUrl, 'Alex');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    /** The seat-map calls of the page: path, and whether the network sent the body again. */
    const calls: { path: string; isBodySent: boolean }[] = [];
    const paths = new Map<string, string>();
    const fromCache = new Set<string>();
    const wireStatus = new Map<string, number>();
    cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      wireStatus.set(event.requestId, event.statusCode);
    });
    cdp.on('Network.responseReceived', (event) => {
      const { pathname } = new URL(event.response.url);
      if (event.response.fromDiskCache) fromCache.add(event.requestId);
      if (/^\/api\/show\/(seats|layout|availability)$/.test(pathname)) {
        paths.set(event.requestId, pathname);
      }
    });
    cdp.on('Network.loadingFinished', (event) => {
      const seatPath = paths.get(event.requestId);
      if (!seatPath) return;
      const isRevalidated = wireStatus.get(event.requestId) === 304;
      calls.push({ path: seatPath, isBodySent: !fromCache.has(event.requestId) && !isRevalidated });
    });
    const seatPage = `/cinema/seat?showId=${showId}`;
    const drawn = async (expected: string[]) => {
      await page.locator('[data-seat]').first().waitFor();
      await expect.poll(() => calls.map((call) => call.path).sort()).toEqual(expected);
    };

    // Opened by its address: the page carries both halves of the map (decision 033), no call.
    calls.length = 0;
    await page.goto(`${server.baseUrl}${seatPage}`);
    await drawn([]);
    expect(await page.locator('script#first-screen-answers').count()).toBe(1);

    // Opened from inside the app (a show row's link): the layout and the availability are asked.
    const openInApp = async () => {
      await page.goto(`${server.baseUrl}/cinema/search`);
      await page.locator('input').first().waitFor();
      calls.length = 0;
      await page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, seatPage);
      await drawn(['/api/show/availability', '/api/show/layout']);
    };
    await openInApp();
    // The layout carried by the page was not put in the browser's cache: sent in full once.
    expect(calls.every((call) => call.isBodySent)).toBe(true);
    // Reopened: the layout comes from the browser's cache (or a 304), only the availability again.
    await openInApp();
    expect(calls.find((call) => call.path === '/api/show/layout')?.isBodySent).toBe(false);
    expect(calls.find((call) => call.path === '/api/show/availability')?.isBodySent).toBe(true);
    await page.context().close();
  });
});
