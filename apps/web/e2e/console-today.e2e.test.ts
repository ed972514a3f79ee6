import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild, staffApi } from './support/console';
import { startServer, type RunningServer } from './support/server';

/**
 * The console's home, today at a glance, against the real server and the demo data: the owner
 * at a desk (1366×768) sees the chain, who is on shift, and picks a cinema; a cashier on a phone
 * sees their own.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Today {
  cinemas: { id: string; name: string }[];
  upcoming: { shows: unknown[] };
}

describe('today at a glance', () => {
  it('shows the owner the chain’s day, and one cinema when picked', async () => {
    const owner = await staffApi(server.baseUrl, 'owner', 'owner2026');
    // The demo cashier opens a shift: the home lists them as on shift.
    const cashier = await staffApi(server.baseUrl, 'cashier', 'cashier2026');
    const shift = await cashier.call<{ staffName: string }>(
      'POST',
      '/console/box-office/shifts/open',
      {
        float: 200,
      },
    );
    const chain = await owner.call<Today>('GET', '/console/today');
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'owner', 'owner2026');

    const glance = page.getByTestId('today-glance');
    await poll(() => page.getByTestId('today-figures').count()).toBe(1);
    const figures = await page.getByTestId('today-figures').innerText();
    for (const label of ['线上销售', '柜台销售', '今日售票', '今日净收入', '待映场次上座率']) {
      expect(figures).toContain(label);
    }
    expect(figures).toMatch(/¥\d/);
    // Seven days of advance sales, each a row.
    await poll(() => page.getByTestId('today-advance').locator('tbody tr').count()).toBe(7);
    expect(await page.getByTestId('today-low-stock').innerText()).toContain('库存不足的卖品');
    const onShift = await page.getByTestId('today-open-shifts').innerText();
    expect(onShift).toContain('正在当班的收银员');
    expect(onShift).toContain(shift.staffName);
    expect(onShift).toMatch(/\d\d:\d\d 开班/);
    // The shows still to come name their cinema when the chain is shown.
    const upcoming = page.getByTestId('today-upcoming');
    if (chain.upcoming.shows.length > 0) {
      expect(await upcoming.innerText()).toContain(chain.cinemas[0]!.name.slice(0, 2));
    } else {
      expect(await upcoming.innerText()).toContain('今天没有未开场的场次了');
    }
    // No page scrolls sideways, and the figures fit the first screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );
    const box = await page.getByTestId('today-figures').boundingBox();
    expect(box!.y + box!.height).toBeLessThan(768);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await screenshot(page, 'console-home-owner');
    await page.getByTestId('today-open-shifts').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-home-open-shifts');

    // One cinema: the answer names only it.
    const answer = page.waitForResponse((response) =>
      response.url().includes(`/api/console/today?cinemaId=${chain.cinemas[1]!.id}`),
    );
    await page.getByTestId('today-cinema').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: chain.cinemas[1]!.name })
      .click();
    const body = (await (await answer).json()) as { data: Today };
    expect(body.data.cinemas.map((cinema) => cinema.name)).toEqual([chain.cinemas[1]!.name]);
    await poll(() => glance.getByText(chain.cinemas[1]!.name).count()).toBeGreaterThan(0);

    // The reports: the sales split by channel and payment method, and advance sales.
    await page.getByTestId('console-menu').getByText('报表').click();
    await page.waitForURL(/\/console\/reports$/);
    await poll(() => page.getByTestId('sales-by-channel').count()).toBe(1);
    expect(await page.getByTestId('sales-by-channel').innerText()).toContain('柜台');
    expect(await page.getByTestId('sales-by-method').innerText()).toContain('微信支付');
    await page.getByTestId('sales-by-method').scrollIntoViewIfNeeded();
    await screenshot(page, 'console-reports-sales-split');
    await page.getByRole('tab', { name: '预售' }).click();
    await poll(() => page.getByTestId('advance-report').count()).toBe(1);
    // The range moved to start today: seven show dates.
    await poll(() => page.getByTestId('advance-report').locator('tbody tr').count()).toBe(7);
    await screenshot(page, 'console-reports-advance');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a cashier on a phone the day of their cinema', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await consoleSignIn(page, server.baseUrl, 'cashier', 'cashier2026');
    await poll(() => page.getByTestId('today-figures').count()).toBe(1);
    // A cashier has one cinema: nothing to pick.
    expect(await page.getByTestId('today-cinema').count()).toBe(0);
    // The cashiers on shift are the managers' to see.
    expect(await page.getByTestId('today-open-shifts').count()).toBe(0);
    // On a phone the areas come first (check-in in one tap), today's figures below them.
    const areas = await page.getByTestId('welcome-areas').boundingBox();
    const glance = await page.getByTestId('today-glance').boundingBox();
    expect(areas!.y).toBeLessThan(glance!.y);
    await page.getByTestId('today-glance').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, 'console-home-cashier-phone');
    await context.close();
  });
});
