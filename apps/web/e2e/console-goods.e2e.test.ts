import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { signInFresh } from './support/login';
import { gradientPng } from './support/png';
import { startServer, type RunningServer } from './support/server';

/**
 * The manager's goods in the console at 1366×768 (a category, an item with a variant and a
 * picture, +10 received), and the moviegoer's store showing it, against the real server.
 */

/** Waits after a server round trip (the e2e README: a busy two-core machine is slow). */
const ROUND_TRIP = { timeout: 10_000 };

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

/** Toasts gone, so a screenshot shows the page rather than "已保存" over its title. */
const noToasts = (page: Page) =>
  expect.poll(() => page.locator('.ant-message-notice').count(), ROUND_TRIP).toBe(0);

describe('goods in the staff console', () => {
  it('a manager adds a goods item with a variant and receives 10; the moviegoer store shows it', async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const suffix = String(Date.now() % 100000);
    const categoryName = `小食${suffix}`;
    const goodsName = `芝士玉米杯${suffix}`;

    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');

    await page.getByTestId('console-menu').getByText('卖品').click();
    await page.waitForURL(/\/console\/goods$/);
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'console-goods');

    // A category of its own, then an item in it.
    await page.getByRole('button', { name: '新增分类' }).click();
    await page.getByTestId('category-name').fill(categoryName);
    await page.getByTestId('category-name-en').fill('Corn bites');
    await screenshot(page, 'console-category-modal');
    await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
    const categories = page.getByTestId('goods-categories');
    await expect.poll(() => categories.getByText(categoryName).count(), ROUND_TRIP).toBe(1);
    expect(await categories.getByText(categoryName).innerText()).toContain('Corn bites');
    await categories.getByText(categoryName).click();

    await page.getByRole('button', { name: '新增卖品' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('goods-name').fill(goodsName);
    await drawer.getByLabel('描述').fill('现做芝士焗玉米，趁热吃');
    await drawer.getByTestId('variant-value-0').fill('大杯');
    await drawer.getByTestId('variant-price-0').fill('18');
    await drawer.getByTestId('goods-save').click();
    await expect.poll(() => drawer.getByText('编辑卖品').count(), ROUND_TRIP).toBe(1);
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'corn.png',
      mimeType: 'image/png',
      buffer: gradientPng(240, 240),
    });
    await expect.poll(() => page.getByText('图片已上传').count(), ROUND_TRIP).toBeGreaterThan(0);
    await noToasts(page);
    await screenshot(page, 'console-goods-drawer');
    await drawer.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => drawer.isVisible(), ROUND_TRIP).toBe(false);

    // Stock: received +10, shown on the item and in its history.
    const row = page.locator('.ant-table-row').filter({ hasText: goodsName });
    await expect.poll(() => row.count(), ROUND_TRIP).toBe(1);
    expect(await row.innerText()).toContain('库存 0');
    await row.getByRole('button', { name: '库存' }).click();
    const stock = page.getByRole('dialog');
    await stock.getByTestId('stock-quantity').fill('10');
    await stock.getByLabel('备注').fill('供应商送货单 A-1');
    await stock.getByTestId('stock-record').click();
    // The manager's own cinema (人民广场店) is the default: its units, each cinema's on its own.
    const here = stock.getByTestId('stock-大杯-星幕影城（人民广场店）');
    await expect.poll(() => here.innerText(), ROUND_TRIP).toBe('10');
    await expect.poll(() => stock.getByText('供应商送货单 A-1').count(), ROUND_TRIP).toBe(1);

    // A transfer of 4 to 徐家汇店: one pair of movements, both cinemas' units follow.
    await stock.getByTestId('stock-reason').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '调拨到其他影城' }).click();
    await stock.getByTestId('stock-to-cinema').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '徐家汇' })
      .click();
    await stock.getByTestId('stock-quantity').fill('4');
    await stock.getByLabel('备注').fill('周末调货');
    await stock.getByTestId('stock-record').click();
    await expect.poll(() => here.innerText(), ROUND_TRIP).toBe('6');
    await expect
      .poll(() => stock.getByTestId('stock-大杯-星幕影城（徐家汇店）').innerText(), ROUND_TRIP)
      .toBe('4');
    await expect.poll(() => stock.getByText('调出').count(), ROUND_TRIP).toBeGreaterThan(0);
    await expect.poll(() => stock.getByText('调入').count(), ROUND_TRIP).toBeGreaterThan(0);
    await untilStill(stock);
    await noToasts(page);
    await screenshot(page, 'console-goods-stock');
    await page.keyboard.press('Escape');
    await expect.poll(() => row.innerText(), ROUND_TRIP).toContain('库存 10');
    // 陆家嘴店 has none and a reorder level of 0: low (sold out) there, tagged in the list.
    expect(await row.getByTestId('low-stock').allInnerTexts()).toEqual([
      '星幕影城（陆家嘴店） 剩 0（补货线 0）',
    ]);
    expect(pageErrors).toEqual([]);

    // The moviegoer's store lists it under its category, with its price.
    const phone = await newPhone(browser);
    const moviegoer = await phone.newPage();
    await signInFresh(moviegoer, server.baseUrl, '/store/product/list');
    await moviegoer.getByRole('tab', { name: categoryName }).click();
    const card = moviegoer.getByTestId('goods-card').filter({ hasText: goodsName });
    await expect.poll(() => card.count(), ROUND_TRIP).toBe(1);
    expect(await card.innerText()).toContain('18');
    await screenshot(moviegoer, 'console-goods-moviegoer');
    await phone.close();
    await context.close();
  });

  it('the owner reads the goods page and an item’s stock history in English', async () => {
    const context = await desktop(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('owner2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/?$/);
    await page.goto(`${server.baseUrl}/console/goods`);
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    expect(await page.getByText('Categories').count()).toBeGreaterThan(0);
    await row.getByRole('button', { name: 'Stock' }).click();
    const stock = page.getByRole('dialog');
    await expect.poll(() => stock.getByText('Record movement').count(), ROUND_TRIP).toBe(1);
    await untilStill(stock);
    await screenshot(page, 'console-goods-stock-en');
    await page.keyboard.press('Escape');
    await expect.poll(() => stock.count(), ROUND_TRIP).toBe(0);
    // The first demo item has variants of two specs: the second is shown, kept, not lost.
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('dialog');
    await expect.poll(() => editor.getByText('Edit goods').count(), ROUND_TRIP).toBe(1);
    await untilStill(editor);
    await screenshot(page, 'console-goods-edit-en');
    await context.close();
  });
});
