import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectOpaque, launchBrowser, newPhone, screenshot } from './support/browser';
import { signInFresh, topUp, vouchers } from './support/login';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits that include a server round trip (a scrypt hash, an RSA key) get room on a busy machine. */
const POLL = { timeout: 10_000 };

/** Type six digits on antd-mobile's number pad, as a thumb would. */
async function typeOnPad(page: Page, digits: string) {
  for (const digit of digits) {
    await page.locator('.adm-number-keyboard-key').getByText(digit, { exact: true }).click();
  }
}

async function expectStep(page: Page, text: string) {
  await expect.poll(() => page.getByTestId('pay-password-step').textContent(), POLL).toBe(text);
}

describe('stored-value cards', () => {
  it('sets the pay password, shows the balances, and a voucher raises one', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    // A general card of ¥200 and a film card of ¥60, as two recharges.
    const user = await signInFresh(page, server.baseUrl, '/home/account');
    await topUp(server.baseUrl, user.token, vouchers.general200, vouchers.film60);
    await page.reload();
    await page.waitForURL(/\/home\/account/);
    await expect
      .poll(() => page.getByTestId('summary-film').textContent(), POLL)
      .toContain('260.00');
    expect(await page.getByTestId('summary-goods').textContent()).toContain('200.00');
    // ¥260 and ¥200 are not ¥460: the money there is comes first, the shared card is said.
    expect(await page.getByTestId('summary-total').textContent()).toContain('260.00');
    expect(await page.getByTestId('summary-shared').textContent()).toBe(
      '其中通用卡 ¥200.00 购票、卖品均可用，不重复计算',
    );
    expect(await page.getByTestId('pay-password-state').textContent()).toBe('未设置');
    // The page may be zoomed (no maximum-scale).
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).not.toMatch(
      /maximum-scale|user-scalable/,
    );
    await screenshot(page, 'cards-account');

    // Set the pay password: a trivial one is refused here, a mismatch starts again.
    await page.getByRole('button', { name: '设置支付密码' }).click();
    await expectStep(page, '请设置 6 位数字支付密码');
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await expectOpaque(page.getByRole('dialog').getByRole('button', { name: /支付密码输入框/ }));
    await screenshot(page, 'cards-pay-password-sheet');
    await typeOnPad(page, '123456');
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('太简单');
    await screenshot(page, 'cards-pay-password-trivial');
    await typeOnPad(page, '258013');
    await expectStep(page, '请再次输入新的支付密码');
    await typeOnPad(page, '258014');
    await expect.poll(() => page.getByRole('alert').textContent(), POLL).toContain('不一致');
    await typeOnPad(page, '258013');
    await typeOnPad(page, '258013');
    await expect
      .poll(() => page.getByTestId('pay-password-state').textContent(), POLL)
      .toBe('已设置');
    expect(await page.getByRole('button', { name: '修改支付密码' }).count()).toBe(1);

    // Changing it needs the old one; a wrong old one says how many tries are left.
    await page.getByRole('button', { name: '修改支付密码' }).click();
    await expectStep(page, '请输入当前支付密码');
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await typeOnPad(page, '000111');
    await typeOnPad(page, '369147');
    await typeOnPad(page, '369147');
    await expect
      .poll(() => page.getByRole('alert').textContent(), POLL)
      .toBe('支付密码错误，还可尝试 4 次');
    await expectStep(page, '请输入当前支付密码');
    await screenshot(page, 'cards-pay-password-wrong-old');
    await page.getByRole('button', { name: '取消', exact: true }).click();

    // The card list shows the balances, and the two recharges.
    await page.getByRole('link', { name: /我的会员卡/ }).click();
    await page.waitForURL(/\/account\/card_list/);
    await expect
      .poll(() => page.getByTestId('card-balance').allTextContents(), POLL)
      .toEqual(['¥200.00', '¥60.00']);
    // Card numbers are named by their last four digits only.
    for (const text of await page.locator('.card-tile__number').allTextContents()) {
      expect(text).toMatch(/^尾号 \d{4}$/);
    }
    await expect.poll(() => page.getByTestId('card-record').count(), POLL).toBe(2);
    await screenshot(page, 'cards-card-list');

    // A voucher (README "Demo data") raises the film card.
    await page.goto(`${server.baseUrl}/account/recharge`);
    await page.getByLabel('充值卡卡号').fill(vouchers.film30.cardNo);
    await page.getByLabel('充值卡卡密').fill('000000');
    await page.getByRole('button', { name: '立即充值' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), POLL)
      .toBe('卡号或卡密错误，请核对后重试');
    await screenshot(page, 'cards-recharge-wrong');
    await page.getByLabel('充值卡卡密').fill(vouchers.film30.password);
    await page.getByRole('button', { name: '立即充值' }).click();
    await expect
      .poll(() => page.getByTestId('recharge-result').textContent(), POLL)
      .toContain('30.00');
    expect(await page.getByText('当前余额 ¥90.00').count()).toBe(1);
    await screenshot(page, 'cards-recharge-done');

    await page.getByRole('link', { name: '查看我的会员卡' }).click();
    await page.waitForURL(/\/account\/card_list/);
    await expect
      .poll(() => page.getByTestId('card-balance').allTextContents(), POLL)
      .toEqual(['¥200.00', '¥90.00']);
    const newest = page.getByTestId('card-record').first();
    await expect.poll(() => newest.textContent(), POLL).toContain('充值');
    expect(await newest.textContent()).toContain('+30.00');
    expect(await newest.textContent()).toContain('余额 ¥90.00');
    await screenshot(page, 'cards-card-list-after-recharge');
    await context.close();
  });

  it('shows a new user an empty card list that points to the recharge page', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/account/card_list');
    await page.waitForURL(/\/account\/card_list/);
    await expect.poll(() => page.getByText('还没有会员卡').count(), POLL).toBe(1);
    expect(await page.getByTestId('card-balance').count()).toBe(0);
    await page.getByRole('link', { name: '去充值' }).click();
    await page.waitForURL(/\/account\/recharge/);
    await page.getByRole('button', { name: '立即充值' }).click();
    expect(await page.getByText('卡号为 6–20 位数字').count()).toBe(1);
    await screenshot(page, 'cards-recharge-empty-submit');
    await context.close();
  });

  it('speaks English to an English phone', async () => {
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const user = await signInFresh(page, server.baseUrl, '/home/account');
    await topUp(server.baseUrl, user.token, vouchers.goods25);
    await page.reload();
    await page.waitForURL(/\/home\/account/);
    await expect
      .poll(() => page.getByTestId('summary-goods').textContent(), POLL)
      .toBe('¥25.00For snacks');
    expect(await page.getByRole('button', { name: 'Set pay password' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /My cards/ }).textContent()).toContain('1 card');
    await screenshot(page, 'cards-account-en');
    await page.goto(`${server.baseUrl}/account/card_list`);
    await expect
      .poll(() => page.getByTestId('card-record').first().textContent(), POLL)
      .toContain('Recharge');
    // English dates: day/month, 24-hour clock ("22/11, 08:20").
    expect(await page.getByTestId('card-record').first().textContent()).toMatch(
      /\d{2}\/\d{2}, \d{2}:\d{2}/,
    );
    await screenshot(page, 'cards-card-list-en');
    await page.goto(`${server.baseUrl}/account/recharge`);
    await expect.poll(() => page.getByLabel('Top-up card number').count(), POLL).toBe(1);
    await context.close();
  });
});
