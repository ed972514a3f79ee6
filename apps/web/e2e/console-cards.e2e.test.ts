import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { chinaDate, consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { moviegoerApi } from './support/api';
import { createUser, signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * The owner issues a batch of two top-up cards in the console at 1366×768 and downloads its CSV
 * once; a moviegoer redeems one on the web app's recharge page; the batch then counts 1 redeemed.
 * Coupons likewise: a campaign made in the console counts the promo code a moviegoer redeems.
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
  // Typing a date into the prefilled field replaces it (the text is selected on focus).
  const lastDay = chinaDate(200);
  await dialog.getByLabel('有效期至').click();
  await page.keyboard.type(lastDay);
  await page.keyboard.press('Enter');
  await screenshot(page, 'console-cards-issue');
  // Nothing is issued before a review of type, value, count and last day.
  await dialog.getByRole('button', { name: '下一步：核对' }).click();
  const review = dialog.getByTestId('issue-review');
  await review.waitFor();
  const reviewed = await review.innerText();
  for (const fact of ['通用卡', '¥88.00', '2 张', '¥176.00', lastDay]) {
    expect(reviewed).toContain(fact);
  }
  await screenshot(page, 'console-cards-issue-review');
  await dialog.getByRole('button', { name: '确认发行' }).click();
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
  // For Excel and WPS: a byte order mark, numbers and passwords as ="…" text.
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('卡号,密码,面值(元),有效期至');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(new RegExp(`^="88\\d{12}",="\\d{8}",88\\.00,${lastDay}$`));
  const [cardNo, password] = lines[1]!.split(',').map((cell) => cell.slice(2, -1)) as [
    string,
    string,
  ];
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
  // The amount in yuan and the card are named before anything is written.
  const asked = page.locator('.ant-modal-confirm');
  await asked.waitFor();
  expect(await asked.innerText()).toMatch(
    /增加 ¥10\.00.*6600000000000001|6600000000000001.*增加 ¥10\.00/s,
  );
  expect(await asked.innerText()).toContain('¥200.00 变为 ¥210.00');
  await screenshot(page, 'console-cards-adjust-confirm');
  await asked.getByRole('button', { name: '确认调整' }).click();
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

it('creates a coupon campaign with a promo code; a moviegoer redeems it and the list shows 1 given', async () => {
  const context = await desktop(browser);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));

  await consoleSignIn(page, server.baseUrl, 'owner', 'owner2026');
  await page.getByTestId('console-menu').getByText('优惠券').click();
  await page.waitForURL(/\/console\/coupons$/);
  await expect.poll(() => page.locator('.ant-table-row').count(), POLL).toBeGreaterThan(0);

  await page.getByRole('button', { name: '新建活动' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('活动名称').fill('周末观影立减8元');
  await drawer.getByLabel('优惠码').fill('weekend8');
  await drawer.getByLabel('立减（元）').fill('8');
  await drawer.getByLabel('最低消费（元）').fill('30');
  await drawer.getByLabel('发放总量（张）').fill('50');
  await page.waitForTimeout(400); // the drawer's slide-in
  await drawer.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
  await screenshot(page, 'console-coupons-create');
  await drawer.getByTestId('campaign-save').click();
  await expect.poll(() => page.getByText('活动已创建').count(), POLL).toBe(1);
  const row = page.locator('.ant-table-row').filter({ hasText: 'WEEKEND8' });
  await expect.poll(() => row.getByTestId('campaign-issued').innerText(), POLL).toBe('已领 0 / 50');
  expect(await row.innerText()).toContain('立减 ¥8.00');

  // A moviegoer types the code (any case) through the API.
  const user = await createUser(server.baseUrl);
  await moviegoerApi(server.baseUrl)('/coupon/redeem', {
    token: user.token,
    body: { code: 'Weekend8' },
  });
  await page.reload();
  await expect.poll(() => row.getByTestId('campaign-issued').innerText(), POLL).toBe('已领 1 / 50');
  await expect.poll(() => page.locator('.ant-spin-spinning').count(), POLL).toBe(0);
  await screenshot(page, 'console-coupons-list');

  // Raise the total (not below the 1 given), then pause it: the code stops working.
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog');
  await expect.poll(() => edit.getByText('已领 1 张，不能少于此数').count(), POLL).toBe(1);
  await edit.getByLabel('发放总量（张）').fill('60');
  await page.waitForTimeout(400); // the drawer's slide-in
  await screenshot(page, 'console-coupons-edit');
  await edit.getByTestId('campaign-save').click();
  await expect.poll(() => row.getByTestId('campaign-issued').innerText(), POLL).toBe('已领 1 / 60');
  await row.getByRole('button', { name: '暂停' }).click();
  await expect.poll(() => row.innerText(), POLL).toContain('已暂停');
  const other = await createUser(server.baseUrl);
  await expect(
    moviegoerApi(server.baseUrl)('/coupon/redeem', {
      token: other.token,
      body: { code: 'WEEKEND8' },
    }),
  ).rejects.toThrow(/42260/);

  expect(pageErrors).toEqual([]);
  await context.close();
});
