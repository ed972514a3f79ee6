import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { moviegoerApi, payByWechat as payWithSheet, type MoviegoerApi } from './support/api';
import { launchBrowser, screenshot } from './support/browser';
import { desktop, requireConsoleBuild } from './support/console';
import { createUser } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * The console's reports at desktop size: a moviegoer pays tickets and goods by WeChat (the
 * sandbox), the owner reads the figures, the charts and the CSV export.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = moviegoerApi(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let api: MoviegoerApi;
const payByWechat = (
  token: string,
  param: { orderType: string; orderId: string },
  phone?: string,
) => payWithSheet(server.baseUrl, token, param, { phone });

type Seat = { id: string; kind: string; state: string };

/** Buy `count` seats of tomorrow's first show of a cinema; answers the seats bought. */
async function buyTickets(token: string, cinemaId: string, count: number): Promise<number> {
  const detail = await api<{ showDates: string[] }>(`/cinema/detail?cinemaId=${cinemaId}`);
  const shows = await api<{ films: { shows: { showId: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinemaId}&date=${detail.showDates[1]}`,
  );
  const showId = shows.films[0]!.shows[0]!.showId;
  const map = await api<{ rows: { seats: Seat[] }[] }>(`/show/seats?showId=${showId}`);
  for (const row of map.rows.slice(2)) {
    const free = row.seats.filter((seat) => seat.kind === 'normal' && seat.state === 'available');
    try {
      const order = await api<{ id: string }>('/filmOrder/create', {
        token,
        body: { showId, seatIds: free.slice(0, count).map((seat) => seat.id) },
      });
      await payByWechat(token, { orderType: 'FILM_ORDER', orderId: order.id });
      return count;
    } catch {
      // A seat rule refused this row's pick: try the next row.
    }
  }
  throw new Error('no seats could be bought');
}

async function buyGoods(token: string, cinemaId: string) {
  const list = await api<{ list: { id: string }[] }>('/goods/getGoodsList?pageNum=1&pageSize=5');
  const items = [];
  for (const goods of list.list.slice(0, 3)) {
    const detail = await api<{ goodsInfoList: { id: string }[] }>(
      `/goods/getGoodsDetail?id=${goods.id}`,
    );
    items.push({ goodsInfoId: detail.goodsInfoList[0]!.id, quantity: items.length + 1 });
  }
  const order = await api<{ orderId: string }>('/storeOrder/create', {
    token,
    body: { cinemaId, phone: '13912345678', items },
  });
  await payByWechat(token, { orderType: 'STORE_ORDER', orderId: order.orderId }, '13912345678');
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

describe('console reports', () => {
  it('the owner reads sales, occupancy, goods, cards and WeChat reports and exports a CSV', async () => {
    const buyer = await createUser(server.baseUrl);
    const cinemas = await api<{ list: { id: string }[] }>('/cinema/list?pageNum=1&pageSize=10');
    let tickets = 0;
    tickets += await buyTickets(buyer.token, cinemas.list[0]!.id, 2);
    tickets += await buyTickets(buyer.token, cinemas.list[1]!.id, 3);
    await buyGoods(buyer.token, cinemas.list[0]!.id);

    const context = await desktop(browser, { acceptDownloads: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await signIn(page, 'owner', 'owner2026');
    await page.waitForURL(/\/console\/?$/);
    await page.getByTestId('console-menu').getByText('报表').click();
    await page.waitForURL(/\/console\/reports$/);

    const sales = page.getByTestId('sales-report');
    await expect
      .poll(() => sales.locator('.ant-statistic').first().innerText())
      .toContain(String(tickets));
    await expect.poll(() => sales.locator('canvas').count()).toBe(2);
    await page.waitForTimeout(800); // the charts' entry animation
    await screenshot(page, 'console-reports-sales');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^sales-\\d{4}-\\d{2}-\\d{2}-${today}\\.csv$`),
    );
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF日期,影城,票数,票房(元)')).toBe(true);
    expect(text).toMatch(new RegExp(`\\r\\n合计,,${tickets},\\d+\\.\\d{2},6,`));

    for (const [tab, testId] of [
      ['上座率', 'occupancy-report'],
      ['卖品', 'goods-report'],
      ['储值卡负债', 'cards-report'],
      ['微信支付对账', 'wechat-report'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      if (testId === 'occupancy-report') {
        // The tickets are for tomorrow's shows: look at the coming week.
        await page.getByLabel('日期范围').first().click();
        await page.getByText('未来 7 天').click();
        await expect
          .poll(() => page.getByTestId(testId).locator('.ant-statistic').nth(1).innerText())
          .toContain(String(tickets));
      }
      if (testId === 'cards-report') {
        await expect.poll(() => page.getByText('余额与流水一致').count()).toBe(1);
      }
      await expect
        .poll(() => page.getByTestId(testId).locator('canvas').count())
        .toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(800);
      await screenshot(page, `console-${testId}`);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a manager sees only the cinema reports of their cinemas', async () => {
    const context = await desktop(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await page.getByLabel('Username').fill('manager');
    await page.getByLabel('Password').fill('manager2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/?$/);
    await page.goto(`${server.baseUrl}/console/reports`);
    await expect
      .poll(() => page.getByRole('tab').allInnerTexts())
      .toEqual(['Sales', 'Occupancy', 'Goods', 'Advance sales']);
    await expect.poll(() => page.getByTestId('sales-report').locator('canvas').count()).toBe(2);
    await page.waitForTimeout(800);
    await screenshot(page, 'console-reports-manager-en');
    await context.close();
  });
});
