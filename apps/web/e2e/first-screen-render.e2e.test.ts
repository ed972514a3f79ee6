import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { createUser } from './support/login';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let token: string;
let showId: string;

async function api<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${pathAndQuery}`, {
    headers: { site: 'www-test' },
  });
  return ((await response.json()) as { data: T }).data;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  ({ token } = await createUser(server.baseUrl));
  const cinemas = await api<{ list: { id: string }[] }>('/cinema/list?pageSize=1');
  const detail = await api<{ showDates: string[] }>(
    `/cinema/detail?cinemaId=${cinemas.list[0]!.id}`,
  );
  const day = await api<{ films: { shows: { showId: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinemas.list[0]!.id}&date=${detail.showDates.at(-1)}`,
  );
  showId = day.films[0]!.shows[0]!.showId;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a page as a phone with JavaScript on, noting whatever React or the page reports, every
 * layout shift, and whether the server's first screen was ever taken out of the page (a mismatch
 * makes React throw the server's HTML away and draw its own).
 */
async function openWatched(url: string, locale = 'zh-CN') {
  const context = await newPhone(browser, { locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.addInitScript(() => {
    const watch = window as unknown as { shift: number; replaced: number };
    watch.shift = 0;
    watch.replaced = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        watch.shift += (entry as unknown as { value: number }).value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) watch.replaced += record.removedNodes.length;
      }).observe(document.getElementById('root')!, { childList: true });
    });
  });
  await page.goto(url);
  return { context, page, problems };
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const watch = window as unknown as { shift: number; replaced: number };
    return { shift: watch.shift, replaced: watch.replaced };
  });

/** Until React has taken the server's page over (a tap before that is not seen). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });

/** The page as the server sent it, before any script ran. */
async function served(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { 'accept-language': 'zh-CN', ...headers },
  });
  return response.text();
}

describe('the landing pages rendered on the server and hydrated on React', () => {
  it('sends each landing page with its first screen and title in the HTML', async () => {
    const films = await api<{ list: { title: string }[] }>('/film/list?status=showing');
    const home = await served(`/home/index?setToken=${token}`);
    expect(home).toContain('<title>首页 - 星幕影城</title>');
    expect(home).toContain('<div id="root" data-rendered-lang="zh">');
    expect(home).toContain(`>${films.list[0]!.title}<`);

    const goods = await api<{ list: { name: string }[] }>(
      '/goods/getGoodsList?pageNum=1&pageSize=10',
    );
    const store = await served('/store/product/list', { cookie: `movie.token=${token}` });
    expect(store).toContain('<title>卖品商城 - 星幕影城</title>');
    expect(store).toContain(`>${goods.list[0]!.name}<`);

    const seat = await served(`/cinema/seat?showId=${showId}&setToken=${token}`);
    expect(seat).toContain('<title>选座 - 星幕影城</title>');
    expect(seat).toContain('<div id="root" data-rendered-lang="zh">');
  });

  it('renders nothing for a first visit without a token, and nothing of the user ever', async () => {
    const page = await served('/home/index');
    expect(page).not.toContain('data-rendered-lang');
    // Signed in or not, the rendered page is the same for everyone: no name in it.
    const user = await createUser(server.baseUrl);
    const rendered = await served(`/home/index?setToken=${user.token}`);
    expect(rendered).not.toContain(user.nickname);
    expect(rendered).toContain('你好！');
  });

  it('hydrates the three pages with no mismatch, no warning and no layout shift', async () => {
    for (const [path, ready] of [
      ['/home/index', '.film-card'],
      ['/store/product/list', '.store'],
      [`/cinema/seat?showId=${showId}`, '.seat-picker'],
    ] as const) {
      const url = `${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}setToken=${token}`;
      const { context, page, problems } = await openWatched(url);
      await page.locator(ready).first().waitFor();
      await hydrated(page);
      // The user's own parts fill in after (decision 033): without moving anything.
      await page.waitForTimeout(1500);
      expect(problems).toEqual([]);
      expect(await watched(page)).toEqual({ shift: 0, replaced: 0 });
      await screenshot(
        page,
        `server-rendered-${path.split('?')[0]!.replaceAll('/', '-').slice(1)}`,
      );
      await context.close();
    }
  });

  it('answers taps after hydrating: the home tabs switch the list', async () => {
    const { context, page, problems } = await openWatched(
      `${server.baseUrl}/home/index?setToken=${token}`,
    );
    await hydrated(page);
    await page.getByRole('tab', { name: '即将上映' }).click();
    await page.waitForURL(/status=coming/);
    await page.getByTestId('films-coming').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("renders and hydrates an English reader's page in English", async () => {
    const english = await served(`/home/index?setToken=${token}`, { 'accept-language': 'en-US' });
    expect(english).toContain('<div id="root" data-rendered-lang="en">');
    expect(english).toContain('<title>Home - Marquee Cinemas</title>');
    const url = `${server.baseUrl}/home/index?setToken=${token}`;
    const { context, page, problems } = await openWatched(url, 'en-US');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Coming soon' }).click();
    await page.getByTestId('films-coming').waitFor();
    expect(problems).toEqual([]);
    expect(await watched(page)).toMatchObject({ replaced: 0 });
    await context.close();
  });

  it('serves /favicon.ico', async () => {
    const response = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // An ICO file: reserved 0, type 1.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
