import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * The owner issues a batch of two top-up cards in the console at 1366×768 and downloads its CSV
 * once; a moviegoer redeems one on the web app's recharge page; the batch then counts 1 redeemed.
 */
const POLL = { timeout: 10_000 };

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

it('issues two top-up cards, downloads them once, and counts the one a moviegoer redeems', async () => {
  const context = await desktop(browser, { acceptDownloads: true });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));

  await consoleSignIn(page, server.baseUrl, 'owner', 'owner2026');
  await page.getByTestId('console-menu').getByText('会员卡').click();
  await page.waitForURL(/\/console\/cards$/);

  // Issue a batch of 2 general cards of ¥88.
  await page.getByRole('button', { name: '发行充值卡' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('卡类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '通用卡' }).click();
  await dialog.getByLabel('面值（元）').fill('88');
  await dialog.getByLabel('张数').fill('2');
  await screenshot(page, 'console-cards-issue');
  await dialog.getByRole('button', { name: '发行充值卡' }).click();
  await expect.poll(() => page.getByText(/已发行第 \d+ 批，共 2 张/).count(), POLL).toBe(1);
  const row = page.locator('.ant-table-row').first();
  await expect.poll(() => row.innerText(), POLL).toContain('¥88.00');
  const batchNo = (await row.locator('td').first().innerText()).trim();
  const states = page.getByTestId(`batch-states-${batchNo}`);
  await expect.poll(() => states.innerText(), POLL).toContain('2 / 0 / 0');

  // Download the CSV: once.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载卡号卡密' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`vouchers-batch-${batchNo}.csv`);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('number,password,value,expiry');
  expect(lines).toHaveLength(3);
  const [cardNo, password] = lines[1]!.split(',') as [string, string];
  expect(cardNo).toMatch(/^88\d{12}$/);
  await expect.poll(() => row.innerText(), POLL).toContain('owner 于');
  expect(await row.getByRole('button', { name: '下载卡号卡密' }).count()).toBe(0);
  await screenshot(page, 'console-cards-batches');

  // The moviegoer redeems one card on the recharge page.
  const phone = await newPhone(browser);
  const web = await phone.newPage();
  await signInFresh(web, server.baseUrl, '/account/recharge');
  await web.goto(`${server.baseUrl}/account/recharge`);
  await web.getByLabel('充值卡卡号').fill(cardNo);
  await web.getByLabel('充值卡卡密').fill(password);
  await web.getByRole('button', { name: '立即充值' }).click();
  await expect
    .poll(() => web.getByTestId('recharge-result').textContent(), POLL)
    .toContain('88.00');
  await phone.close();

  // The batch now counts one redeemed.
  await page.reload();
  await expect
    .poll(() => page.getByTestId(`batch-states-${batchNo}`).innerText(), POLL)
    .toContain('1 / 1 / 0');

  // The other tabs, looked at.
  await page.getByRole('tab', { name: '卡类型' }).click();
  await page.getByRole('cell', { name: '影票卡' }).waitFor();
  await page.waitForTimeout(500); // the tabs' ink bar animation
  await screenshot(page, 'console-cards-types');
  await page.getByRole('tab', { name: '余额调整' }).click();
  await page.getByPlaceholder('会员卡号或手机号').fill('6600000000000001');
  await page.getByRole('button', { name: '查找' }).click();
  await expect.poll(() => page.getByTestId('balance-6600000000000001').count(), POLL).toBe(1);
  await page.getByRole('button', { name: '调整余额' }).click();
  await page.getByRole('dialog').getByLabel('金额（元）').fill('10');
  await page.getByRole('dialog').getByLabel('原因').fill('影厅空调故障补偿');
  await screenshot(page, 'console-cards-adjust-dialog');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect.poll(() => page.getByText(/已调整，余额/).count(), POLL).toBe(1);
  await expect
    .poll(() => page.getByRole('cell', { name: '影厅空调故障补偿' }).count(), POLL)
    .toBe(1);
  await expect.poll(() => page.getByRole('dialog').count(), POLL).toBe(0);
  await expect
    .poll(() => page.getByTestId('balance-6600000000000001').innerText(), POLL)
    .toBe('¥210.00');
  await screenshot(page, 'console-cards-adjust');

  expect(pageErrors).toEqual([]);
  await context.close();
});
