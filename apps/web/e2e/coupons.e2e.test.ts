import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatYuan, yuanToFen, type OrderDetail } from '@marquee/contracts';
import { holdTwoSeats, moviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh } from './support/login';
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

/** Waits that include a server round trip get room on a busy two-core machine. */
const POLL = { timeout: 10_000 };

describe('coupons', () => {
  it('redeems a promo code on 我的 → 优惠券, then pays tickets with it applied: shown = charged', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/account');
    await page.getByRole('link', { name: '优惠券' }).click();
    await page.waitForURL(/\/account\/coupons$/);
    await expect.poll(() => page.getByText('暂无优惠券').count(), POLL).toBeGreaterThan(0);

    // A wrong code says so and gives nothing.
    await page.getByRole('textbox', { name: '兑换优惠码' }).fill('NOPE-123');
    await page.getByRole('button', { name: '兑换' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), POLL)
      .toBe('优惠码无效或活动已结束，请核对后重试');

    await page.getByRole('textbox', { name: '兑换优惠码' }).fill('welcome10');
    await page.getByRole('button', { name: '兑换' }).click();
    await expect.poll(() => page.getByTestId('coupon-card').count(), POLL).toBe(1);
    expect(await page.getByTestId('coupon-card').textContent()).toContain('新客购票立减10元');
    expect(await page.getByRole('tab', { name: '可使用 (1)' }).count()).toBe(1);
    await untilStill(page.locator('.coupons-page'));
    await screenshot(page, 'coupons-list');

    // Tickets: the coupon is applied by itself; the total shown is the discounted price.
    const order = await holdTwoSeats(server.baseUrl, token);
    const payFen = yuanToFen(order.total) - 1000;
    await page.goto(`${server.baseUrl}/cinema/order?showId=${order.showInfo.showId}`);
    await expect
      .poll(() => page.getByTestId('coupon-discount').textContent(), POLL)
      .toBe('-¥10.00');
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(payFen)}`);
    await screenshot(page, 'coupons-order-applied');

    // Change it: no coupon, full price; then the coupon again.
    await page.getByTestId('coupon-row').click();
    await untilStill(page.locator('.coupon-sheet'));
    await screenshot(page, 'coupons-choose');
    await page.getByRole('button', { name: '不使用优惠券' }).click();
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(yuanToFen(order.total))}`);
    await page.getByTestId('coupon-row').click();
    await page.locator('.coupon-option').first().click();
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(payFen)}`);

    // Pay with the sandbox WeChat Pay (no cards): the sheet asks for exactly the price shown.
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isChecked(), POLL)
      .toBe(true);
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expect.poll(() => sheet.count(), POLL).toBe(1);
    expect(await sheet.textContent()).toContain(formatYuan(payFen));
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);

    const api = moviegoerApi(server.baseUrl);
    const detail = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(yuanToFen(detail.amount)).toBe(payFen);
    expect(detail.payments.map((p) => [p.method, p.status, yuanToFen(p.amount)])).toEqual([
      ['wechat', 'succeeded', payFen],
    ]);

    await page.goto(`${server.baseUrl}/account/coupons`);
    await page.getByRole('tab', { name: '已使用 (1)' }).click();
    await expect.poll(() => page.getByTestId('coupon-card').count(), POLL).toBeGreaterThan(0);
    await screenshot(page, 'coupons-used');
    await context.close();
  });
});
