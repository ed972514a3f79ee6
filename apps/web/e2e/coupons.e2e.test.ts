import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  formatYuan,
  yuanToFen,
  type CallAnswer,
  type GoodsDetail,
  type OrderDetail,
  type getGoodsListCall,
} from '@marquee/contracts';
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

  it('redeems the goods coupon SNACK20 and buys a drink with it: 20% off, shown = charged', async () => {
    const api = moviegoerApi(server.baseUrl);
    const goods = await api<CallAnswer<typeof getGoodsListCall>>(
      '/goods/getGoodsList?pageNum=1&pageSize=50',
    );
    const colaId = goods.list.find((item) => item.name === '冰镇可乐')!.id;
    const cola = await api<GoodsDetail>(`/goods/getGoodsDetail?id=${colaId}`);
    const medium = cola.goodsInfoList.find((variant) => variant.name === '中杯')!;
    const priceFen = yuanToFen(medium.price);
    // SNACK20: 20% off goods, at most ¥10, rounded down to the fen.
    const discountFen = Math.min(Math.floor((priceFen * 20) / 100), 1000);
    const payFen = priceFen - discountFen;
    expect(discountFen).toBeGreaterThan(0);

    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/account/coupons');
    await page.getByRole('textbox', { name: '兑换优惠码' }).fill(' snack20 ');
    await page.getByRole('button', { name: '兑换' }).click();
    await expect.poll(() => page.getByTestId('coupon-card').count(), POLL).toBe(1);
    expect(await page.getByTestId('coupon-card').textContent()).toContain('卖品8折');

    await page.goto(`${server.baseUrl}/store/product/detail?id=${colaId}`);
    await page.locator('label.chip', { hasText: '中杯' }).click();
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/store\/order\/payment$/);
    await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/store\/order\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // The goods coupon is applied by itself; the total shown is the discounted price.
    await expect
      .poll(() => page.getByTestId('coupon-discount').textContent(), POLL)
      .toBe(`-¥${formatYuan(discountFen)}`);
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(payFen)}`);
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isVisible(), POLL)
      .toBe(true);
    await screenshot(page, 'coupons-goods-applied');
    await page.getByRole('radio', { name: /微信支付/ }).check();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expect.poll(() => sheet.count(), POLL).toBe(1);
    expect(await sheet.textContent()).toContain(formatYuan(payFen));
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await page.waitForURL(/\/store\/order\/detail\?orderId=/);
    await expect.poll(() => page.getByTestId('pickup-code').count(), POLL).toBe(1);

    const detail = await api<OrderDetail>(`/order/detail?orderId=${orderId}`, { token });
    expect(yuanToFen(detail.amount)).toBe(payFen);
    expect(detail.payments.map((p) => [p.method, p.status, yuanToFen(p.amount)])).toEqual([
      ['wechat', 'succeeded', payFen],
    ]);
    await context.close();
  });
});
