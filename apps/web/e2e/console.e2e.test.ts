import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** The staff console at desktop size (decision 010), against the real server and demo staff. */
const DESKTOP = { width: 1366, height: 768 };
const consoleDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../console/dist/index.html',
);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!fs.existsSync(consoleDist)) {
    throw new Error(
      'apps/console/dist is missing: run `npm run build` before the end-to-end tests',
    );
  }
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function desktop(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  context.setDefaultTimeout(15_000);
  return context;
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Before a picture: no table still fading its loading veil out. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-blur, .ant-spin-spinning').count()).toBe(0);
  // The veil fades out with a CSS transition: wait until nothing moves any more.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

const menuItems = (page: Page) =>
  page.getByTestId('console-menu').locator('.ant-menu-title-content').allInnerTexts();

describe('staff console', () => {
  it('the owner signs in, adds a cashier and signs out; the cashier sees no staff pages', async () => {
    const context = await desktop();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));

    await page.goto(`${server.baseUrl}/console/`);
    await page.waitForURL(/\/console\/sign-in$/);
    expect(await page.title()).toBe('管理后台');
    await signIn(page, 'owner', 'not-the-password-1');
    await expect
      .poll(() => page.getByTestId('sign-in-error').innerText())
      .toContain('用户名或密码错误');
    await screenshot(page, 'console-sign-in-error');

    await signIn(page, 'owner', 'owner2026');
    await page.waitForURL(/\/console\/?$/);
    await expect.poll(() => page.getByTestId('staff-name').innerText()).toBe('王老板');
    expect(await menuItems(page)).toEqual([
      '影城与影厅',
      '影片',
      '排片',
      '卖品',
      '会员卡',
      '优惠券',
      '售票收银',
      '检票与取货',
      '订单',
      '报表',
      '员工',
      '操作日志',
    ]);
    await screenshot(page, 'console-owner-welcome');

    await page.getByTestId('console-menu').getByText('员工').click();
    await page.waitForURL(/\/console\/staff$/);
    await expect
      .poll(() => page.getByRole('cell', { name: 'manager', exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: '新增员工' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('用户名').fill('cashier2');
    await dialog.getByLabel('姓名').fill('赵收银');
    await dialog.getByLabel('负责影城').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '人民广场店' }).click();
    await dialog.getByLabel('初始密码').fill('short');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.getByText('密码长度须为 8–64 位').count()).toBe(1);
    await dialog.getByLabel('初始密码').fill('cashier2-pass');
    await screenshot(page, 'console-staff-create');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: 'cashier2', exact: true }).count())
      .toBe(1);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await settled(page);
    await screenshot(page, 'console-staff-list');

    // Edit: the form opens with the account as it is; a new name is saved.
    await page
      .getByRole('row')
      .filter({ hasText: 'cashier2' })
      .getByRole('button', { name: '编辑' })
      .click();
    await expect.poll(() => dialog.getByLabel('用户名').inputValue()).toBe('cashier2');
    await expect
      .poll(() => dialog.locator('.ant-select-selection-item').allInnerTexts())
      .toEqual(['收银员', '星幕影城（人民广场店）']);
    await dialog.getByLabel('姓名').fill('赵小钱');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: '赵小钱', exact: true }).count())
      .toBe(1);
    // A tablet in landscape (a window of its own): the actions column stays in view.
    const tablet = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      locale: 'zh-CN',
    });
    const tabletPage = await tablet.newPage();
    await tabletPage.goto(`${server.baseUrl}/console/sign-in`);
    await signIn(tabletPage, 'owner', 'owner2026');
    await tabletPage.waitForURL(/\/console\/?$/);
    await tabletPage.goto(`${server.baseUrl}/console/staff`);
    await expect
      .poll(() => tabletPage.getByRole('cell', { name: '赵小钱', exact: true }).count())
      .toBe(1);
    await settled(tabletPage);
    await screenshot(tabletPage, 'console-staff-list-tablet');
    await tablet.close();

    await page.getByTestId('console-menu').getByText('操作日志').click();
    await page.waitForURL(/\/console\/audit$/);
    await expect.poll(() => page.getByRole('cell', { name: '修改员工' }).count()).toBe(1);
    await page.getByRole('row').filter({ hasText: '新增员工' }).getByRole('button').first().click();
    await expect.poll(() => page.getByText('"username": "cashier2"').count()).toBe(1);
    await settled(page);
    await screenshot(page, 'console-audit-log');

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/console\/sign-in$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await signIn(page, 'cashier2', 'cashier2-pass');
    await page.waitForURL(/\/console\/?$/);
    await expect.poll(() => page.getByTestId('staff-name').innerText()).toBe('赵小钱');
    expect(await menuItems(page)).toEqual(['售票收银', '检票与取货', '订单']);
    await page.getByTestId('console-menu').getByText('检票与取货').click();
    await expect.poll(() => page.getByTestId('checkin-input').count()).toBe(1);
    await screenshot(page, 'console-cashier-check-in');
    // Typed by hand, the staff page is still refused.
    await page.goto(`${server.baseUrl}/console/staff`);
    await expect.poll(() => page.getByText('你的角色不能使用「员工」').count()).toBe(1);
    await page.getByText('这一页由老板或店长使用', { exact: false }).waitFor();
    await screenshot(page, 'console-cashier-forbidden');
    // A way back to the cashier's own start page.
    await page.getByRole('button', { name: '回到我的首页' }).click();
    await page.waitForURL(/\/console\/?$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('speaks English to an English browser', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await page.getByLabel('Username').fill('manager');
    await page.getByLabel('Password').fill('wrong-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByTestId('sign-in-error').innerText())
      .toContain('Wrong username or password');
    await screenshot(page, 'console-sign-in-english');
    // Four more wrong tries pause sign-in from this address: said apart, with how long to wait.
    for (let i = 2; i <= 5; i++) {
      await page.getByLabel('Password').fill(`wrong-pass-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForResponse((response) => response.url().includes('/console/auth/login'));
    }
    await expect
      .poll(() => page.getByTestId('sign-in-error').innerText())
      .toContain('Sign-in paused');
    expect(await page.getByTestId('sign-in-error').innerText()).toContain('Try again in 15 min');
    await expect.poll(() => page.locator('.ant-btn-loading').count()).toBe(0);
    await screenshot(page, 'console-sign-in-locked');
    await context.close();
  });
});
