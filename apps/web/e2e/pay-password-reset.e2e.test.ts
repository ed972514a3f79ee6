import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { holdTwoSeats, moviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh, topUp, vouchers } from './support/login';
import { typeOnPad } from './support/pay-sheet';
import { startServer, type RunningServer } from './support/server';

/**
 * Five wrong pay passwords lock card payments: the pay sheet then offers WeChat Pay and
 * 忘记支付密码; the reset checks the texted code before it asks for the new password, and comes
 * back to the held order, which the cards then pay with the new password.
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

const POLL = { timeout: 10_000 };

/** The code of the latest text to `phone`, from the sandbox's inbox page. */
async function textedCode(phone: string): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).text();
  const code = /验证码 (\d{6})/.exec(html)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/** A bound phone (before any pay password: no wait for resets) and a first pay password. */
async function preparedAccount(token: string): Promise<string> {
  const api = moviegoerApi(server.baseUrl);
  const phone = `135${String(Date.now()).slice(-8)}`;
  await api('/userInfo/phoneCode/send', { token, body: { purpose: 'bindPhone', phone } });
  await api('/userInfo/phone/bind', { token, body: { phone, code: await textedCode(phone) } });
  return phone;
}

async function payByCardsWith(page: Page, password: string) {
  await page.getByRole('button', { name: /^确认支付/ }).click();
  await expect.poll(() => page.getByText('请输入支付密码').count(), POLL).toBe(1);
  await untilStill(page.locator('.pay-keypad'));
  await typeOnPad(page, password);
}

describe('a locked pay password', () => {
  it('locks after five wrong tries, offers WeChat Pay and the reset, checks the code first, and pays after the reset', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/account');
    const phone = await preparedAccount(token);
    // Set on 我的 with no card money yet: no second proof (decision 046).
    await page.reload();
    await page.getByRole('button', { name: '设置支付密码' }).click();
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await typeOnPad(page, '258013');
    await expect
      .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
      .toBe('请再次输入新的支付密码');
    await typeOnPad(page, '258013');
    await expect.poll(() => page.getByText('支付密码已保存').count(), POLL).toBe(1);
    await topUp(server.baseUrl, token, vouchers.general200);

    const order = await holdTwoSeats(server.baseUrl, token);
    await page.goto(`${server.baseUrl}/cinema/order?showId=${order.showInfo.showId}`);
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(yuanToFen(order.total))}`);
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isChecked(), POLL)
      .toBe(true);
    await payByCardsWith(page, '369147');
    // 忘记支付密码 is under the pad from the first try.
    await expect
      .poll(() => page.locator('.pay-keypad__error').textContent(), POLL)
      .toContain('还可尝试 4 次');
    expect(
      await page.locator('.pay-keypad').getByRole('link', { name: '忘记支付密码？' }).count(),
    ).toBe(1);
    await screenshot(page, 'pay-reset-keypad-forgot');
    for (const triesLeft of [3, 2, 1]) {
      await typeOnPad(page, '369147');
      await expect
        .poll(() => page.locator('.pay-keypad__error').textContent(), POLL)
        .toContain(`还可尝试 ${triesLeft} 次`);
    }
    await typeOnPad(page, '369147');

    // Locked: the pad closes; the sheet says until when, offers WeChat Pay and the reset.
    const locked = page.getByTestId('pay-password-locked');
    await expect.poll(() => locked.count(), POLL).toBe(1);
    expect(await locked.textContent()).toMatch(/会员卡支付已锁定到 \d{2}:\d{2}/);
    expect(await page.getByRole('radio', { name: /会员卡支付/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: '微信支付', exact: true }).isChecked()).toBe(true);
    expect(await page.locator('.pay-sheet').textContent()).toContain('已锁定到');
    await untilStill(page.locator('.pay-sheet'));
    await screenshot(page, 'pay-reset-locked-sheet');

    await locked.getByRole('link', { name: '忘记支付密码？' }).click();
    await page.waitForURL(/\/account\/security\?back=/);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByText(/验证码已发送至/).count(), POLL).toBe(1);
    const code = await textedCode(phone);
    // A wrong code is refused before any new password is asked for.
    await page.getByLabel('短信验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '下一步：设置新密码' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: '验证码错误' }).count(), POLL)
      .toBe(1);
    expect(await page.getByRole('dialog', { name: '设置新的支付密码' }).count()).toBe(0);
    await screenshot(page, 'pay-reset-wrong-code');
    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: '下一步：设置新密码' }).click();
    const sheet = page.getByRole('dialog', { name: '设置新的支付密码' });
    await untilStill(sheet);
    await page.getByLabel('支付密码输入框，点击后用数字键盘输入').click();
    await typeOnPad(page, '907153');
    await expect
      .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
      .toBe('请再次输入新的支付密码');
    await typeOnPad(page, '907153');

    // Back at the held order: cards work again with the new password.
    await page.waitForURL(/\/cinema\/order\?showId=/);
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(yuanToFen(order.total))}`);
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isEnabled(), POLL)
      .toBe(true);
    await page.getByRole('radio', { name: /会员卡支付/ }).check();
    expect(await page.getByTestId('pay-password-locked').count()).toBe(0);
    await payByCardsWith(page, '907153');
    await page.waitForURL(/\/order\/detail\?orderId=/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.id);
    await context.close();
  });
});
