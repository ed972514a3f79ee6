import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * 账户安全 on a phone: bind a phone with a texted code (read from the sandbox's SMS inbox, as a
 * tester does), reset the pay password with a code to that phone, and read the security log.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The code of the latest text to `phone`, from the sandbox's inbox page. */
async function textedCode(phone: string): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).text();
  const code = /验证码 (\d{6})/.exec(html)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

async function typeOnPad(page: Page, digits: string) {
  for (const digit of digits) {
    await page
      .locator('.adm-number-keyboard-key:visible')
      .getByText(digit, { exact: true })
      .click();
  }
}

describe('account security', () => {
  it('binds a phone by SMS code, resets the pay password with a code, and logs both', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/account');
    await page.getByRole('link', { name: /账户安全/ }).click();
    await page.waitForURL(/\/account\/security$/);
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe('还没有绑定手机号');
    await screenshot(page, 'security-empty');

    const phone = `137${String(Date.now()).slice(-8)}`;
    await page.getByRole('button', { name: '绑定手机号' }).click();
    await page.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
    const send = page.getByRole('button', { name: '获取验证码' }).first();
    await send.click();
    await poll(() => page.getByRole('status').first().innerText()).toContain('验证码已发送至');
    expect(await page.getByRole('button', { name: /秒后可重新获取/ }).count()).toBe(1);
    await page
      .getByLabel('短信验证码')
      .first()
      .fill(await textedCode(phone));
    await screenshot(page, 'security-bind');
    await page.getByRole('button', { name: '确认绑定' }).click();
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe(`已绑定 ${masked}`);

    // 忘记支付密码: a code to the bound phone, then the new password twice on the keypad.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => page.getByText(`验证码已发送至 ${masked}`).count()).toBe(1);
    await page.getByLabel('短信验证码').fill(await textedCode(phone));
    await page.getByRole('button', { name: '下一步：设置新密码' }).click();
    const sheet = page.getByRole('dialog', { name: '设置新的支付密码' });
    await untilStill(sheet);
    expect(
      await page
        .locator('.pay-password-sheet')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'security-reset-sheet');
    await page.getByLabel('支付密码输入框，点击后用数字键盘输入').click();
    await typeOnPad(page, '907153');
    await poll(() => page.getByTestId('pay-password-step').innerText()).toBe(
      '请再次输入新的支付密码',
    );
    await typeOnPad(page, '907153');
    await poll(() => sheet.count()).toBe(0);

    const log = page.getByTestId('security-log');
    await poll(() => log.innerText()).toContain('通过短信验证码重置了支付密码');
    expect(await log.innerText()).toContain(`绑定手机号 ${masked}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, 'security-done');

    // 我的 shows the bound phone masked, never in full.
    await page.goto(`${server.baseUrl}/home/account`);
    const account = page.locator('.profile__meta');
    await poll(() => account.innerText()).toContain(masked);
    expect(await page.locator('body').innerText()).not.toContain(phone);
    await context.close();
  });
});
