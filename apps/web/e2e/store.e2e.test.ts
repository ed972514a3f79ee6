import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type {
  CallAnswer,
  GoodsDetail,
  OrderDetail,
  getGoodsListCall,
  orderListCall,
} from '@marquee/contracts';
import {
  contrastOf,
  expectOpaque,
  launchBrowser,
  newPhone,
  screenshot,
  smallTapTargets,
  untilStill,
} from './support/browser';
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

/** Waits that include a server round trip get room on a busy two-core machine. */
const POLL = { timeout: 10_000 };

async function apiCall<T>(token: string | null, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      site: 'www-test',
      'content-type': 'application/json',
      ...(token ? { token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Every product of the demo store, as the API lists it. */
async function allGoods() {
  const page = await apiCall<CallAnswer<typeof getGoodsListCall>>(
    null,
    '/goods/getGoodsList?pageNum=1&pageSize=50',
  );
  return page.list;
}

/** A product's detail: at a pickup cinema (its own stock, decision 050), or the best-stocked. */
async function goodsNamed(name: string, cinemaId?: string): Promise<GoodsDetail> {
  const found = (await allGoods()).find((goods) => goods.name === name);
  if (!found) throw new Error(`no goods named ${name}`);
  const at = cinemaId ? `&cinemaId=${cinemaId}` : '';
  return apiCall<GoodsDetail>(null, `/goods/getGoodsDetail?id=${found.id}${at}`);
}

function variantOf(goods: GoodsDetail, name: string) {
  const variant = goods.goodsInfoList.find((item) => item.name === name);
  if (!variant) throw new Error(`${goods.name} has no variant ${name}`);
  return variant;
}

/** Type digits on antd-mobile's number pad, as a thumb would. */
async function typeOnPad(page: Page, digits: string) {
  for (const digit of digits) {
    await page
      .locator('.adm-number-keyboard-key:visible')
      .getByText(digit, { exact: true })
      .click();
  }
}

/** Tap a variant chip (the radio itself is visually hidden inside its label). */
async function pickVariant(page: Page, value: string) {
  await page.locator('label.chip', { hasText: value }).click();
  await expect.poll(() => page.getByRole('radio', { name: value }).isChecked(), POLL).toBe(true);
}

describe('the goods store', () => {
  it('browses, picks variants, pays by card and shows the pickup code; the stock goes down', async () => {
    const caramel = await goodsNamed('焦糖爆米花');
    const cola = await goodsNamed('冰镇可乐');
    const caramelLarge = variantOf(caramel, '大桶');
    const colaLarge = variantOf(cola, '大杯');
    const total = (await allGoods()).length;

    const context = await newPhone(browser);
    const page = await context.newPage();
    // A general card (it pays for goods) and a film card (it does not).
    const user = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, user.token, vouchers.general200, vouchers.film30);
    await page.reload(); // the app loaded the (empty) card list at sign-in
    await expect.poll(() => page.getByTestId('films-showing').count(), POLL).toBe(1);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'store-home-entry');

    // The store from the home tab, cheapest first, the next page loading on scroll.
    await page.getByRole('link', { name: /卖品商城/ }).click();
    await page.waitForURL(/\/store\/product\/list/);
    await expect.poll(() => page.getByTestId('goods-card').count(), POLL).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'store-product-list');
    const shown = () => page.getByTestId('goods-card').count();
    for (let i = 0; i < 5 && (await shown()) < total; i += 1) {
      const before = await shown();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(async () => (await shown()) > before, POLL).toBe(true);
    }
    await expect.poll(() => page.getByTestId('goods-card').count(), POLL).toBe(total);
    await expect.poll(() => page.getByText('没有更多了').count(), POLL).toBe(1);
    const prices = (await page.getByTestId('goods-min-price').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect.poll(() => page.locator('.goods-card--sold-out').count(), POLL).toBeGreaterThan(0);

    // A category, from far down the list: only its goods, from their top.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('tab', { name: '爆米花' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('categoryId'), POLL)
      .toBe(caramel.categoryId);
    await expect.poll(() => page.getByTestId('goods-card').count(), POLL).toBe(5);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'store-product-list-popcorn');

    // The product: the large tub is low on stock.
    await page.getByRole('link', { name: /焦糖爆米花/ }).click();
    await page.waitForURL(/\/store\/product\/detail\?id=/);
    await pickVariant(page, '大桶');
    await expect
      .poll(() => page.getByTestId('low-stock').textContent(), POLL)
      .toBe(`仅剩 ${caramelLarge.stock} 件`);
    await expect
      .poll(() => page.getByTestId('product-price').textContent(), POLL)
      .toBe(caramelLarge.price.toFixed(2));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'store-product-detail');
    // A thumb reaches every variant chip and the category tabs.
    expect(await smallTapTargets(page, 'label.chip')).toEqual([]);
    // WCAG AA: the add-to-cart button's white text on its colour.
    expect(
      await contrastOf(page.getByRole('button', { name: '加入购物车' })),
    ).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('button', { name: '加入购物车' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent(), POLL).toBe('1');

    // A drink from the drinks tab.
    await page.goBack();
    await page.getByRole('tab', { name: '饮品' }).click();
    await page.getByRole('link', { name: /冰镇可乐/ }).click();
    await page.waitForURL(/\/store\/product\/detail\?id=/);
    await pickVariant(page, '大杯');
    await page.getByRole('button', { name: '加入购物车' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent(), POLL).toBe('2');

    // The cart, then the checkout.
    await page.goBack();
    await page.getByRole('button', { name: '购物车，2 件' }).click();
    await untilStill(page.locator('.cart-sheet'));
    await expectOpaque(page.locator('.cart-sheet').getByRole('button', { name: '去结算' }));
    await screenshot(page, 'store-cart');
    await page.locator('.cart-sheet').getByRole('button', { name: '去结算' }).click();
    await page.waitForURL(/\/store\/order\/payment$/);
    const expectedTotal = (caramelLarge.price + colaLarge.price).toFixed(2);
    await expect
      .poll(() => page.getByTestId('checkout-total').textContent(), POLL)
      .toBe(`¥${expectedTotal}`);
    await expect.poll(() => page.getByTestId('checkout-line').count(), POLL).toBe(2);
    expect(await smallTapTargets(page, '.stepper__button')).toEqual([]);
    await expect
      .poll(() => page.getByTestId('pickup-cinema').textContent(), POLL)
      .toMatch(/星幕影城/);

    // Another pickup cinema from the sheet of the site's cinemas.
    await page.getByRole('button', { name: /取货影院/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /星幕影城/ }).count(), POLL).toBe(3);
    await untilStill(page.locator('.pickup-option').first());
    await screenshot(page, 'store-pickup-cinemas');
    const pickup = (await page.locator('.pickup-option strong').nth(1).textContent())!;
    await page.locator('.pickup-option').nth(1).click();
    await expect.poll(() => page.getByTestId('pickup-cinema').textContent(), POLL).toBe(pickup);
    await page.locator('.pickup-option').first().waitFor({ state: 'hidden' });

    // A phone that is not a mainland mobile number is refused before anything is sent.
    const phone = page.getByRole('textbox', { name: '手机号' });
    await phone.fill('12345678901');
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect
      .poll(() => page.getByText('请输入正确的手机号码：11 位数字，以 13–19 开头').count(), POLL)
      .toBe(1);
    expect(new URL(page.url()).searchParams.has('orderId')).toBe(false);
    await screenshot(page, 'store-checkout');
    await phone.fill('13912345678');
    await page.getByRole('button', { name: '提交订单' }).click();

    // The order is made: paying opens at once; only the card usable for goods is offered.
    await page.waitForURL(/\/store\/order\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isChecked(), POLL)
      .toBe(true);
    expect(await page.locator('.pay-sheet__card').allTextContents()).toEqual([
      expect.stringContaining('通用卡'),
    ]);
    await untilStill(page.locator('.pay-sheet'));
    await screenshot(page, 'store-pay-sheet');

    // No pay password yet: set one from the pay sheet, then pay.
    await page.getByRole('button', { name: '设置支付密码' }).click();
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await typeOnPad(page, '258013');
    await expect
      .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
      .toBe('请再次输入新的支付密码');
    await typeOnPad(page, '258013');
    await expect
      .poll(() => page.getByRole('button', { name: /^确认支付/ }).isEnabled(), POLL)
      .toBe(true);
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await expect.poll(() => page.getByText('请输入支付密码').count(), POLL).toBe(1);
    await typeOnPad(page, '258013');

    // The pickup code, as text and as a QR code.
    await page.waitForURL(/\/store\/order\/detail\?orderId=/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
    await expect
      .poll(() => page.getByTestId('pickup-code').textContent(), POLL)
      .toMatch(/^\w{6,}$/);
    const code = (await page.getByTestId('pickup-code').textContent())!;
    await expect
      .poll(() => page.getByRole('img', { name: new RegExp(code) }).count(), POLL)
      .toBe(1);
    expect(await page.locator('.order-badge').first().textContent()).toBe('待取货');
    expect(await page.getByText('焦糖爆米花').count()).toBeGreaterThan(0);
    const paid = await apiCall<OrderDetail>(user.token, `/order/detail?orderId=${orderId}`);
    expect(paid.store?.cinemaInfo.name).toBe(pickup);
    expect(paid.phone).toBe('13912345678');
    await screenshot(page, 'store-order-detail');

    // The store orders list has it.
    await page.goto(`${server.baseUrl}/store/order/list`);
    await expect.poll(() => page.getByTestId('order-item').count(), POLL).toBe(1);
    expect(await smallTapTargets(page, '[role="tab"]')).toEqual([]);
    await screenshot(page, 'store-order-list');

    // Stock afterwards: one fewer of each at the pickup cinema (every demo cinema had as many).
    const pickupId = paid.store!.cinemaInfo.cinemaId;
    const caramelAfter = await goodsNamed('焦糖爆米花', pickupId);
    const colaAfter = await goodsNamed('冰镇可乐', pickupId);
    expect(variantOf(caramelAfter, '大桶').stock).toBe(caramelLarge.stock - 1);
    expect(variantOf(colaAfter, '大杯').stock).toBe(colaLarge.stock - 1);
    await page.goto(`${server.baseUrl}/store/product/detail?id=${caramel.id}`);
    await pickVariant(page, '大桶');
    await expect
      .poll(() => page.getByTestId('low-stock').textContent(), POLL)
      .toBe(`仅剩 ${caramelLarge.stock - 1} 件`);
    await context.close();
  });

  it('pays the same order again after a cancelled WeChat payment, never making a second', async () => {
    const cola = await goodsNamed('冰镇可乐');
    const context = await newPhone(browser);
    const page = await context.newPage();
    // A goods card that could pay too: the buyer picks WeChat Pay over it.
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, token, vouchers.goods20);

    await page.goto(`${server.baseUrl}/store/product/detail?id=${cola.id}`);
    await pickVariant(page, '中杯');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/store\/order\/payment$/);
    await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/store\/order\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // The choice of payment opened by itself for the new order, and not again after a reload.
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isVisible(), POLL)
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: '立即支付' }).isVisible(), POLL)
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('radio', { name: /微信支付/ }).isVisible()).toBe(false);
    await page.getByRole('button', { name: '立即支付' }).click();

    // WeChat Pay, cancelled on the sandbox's sheet: the order stays, its countdown running.
    await page.getByRole('radio', { name: /微信支付/ }).check();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expectOpaque(sheet.locator('h2'));
    await sheet.getByRole('button', { name: '取消' }).click();
    await expect
      .poll(() => page.getByTestId('payment-notice').textContent(), POLL)
      .toContain('已取消支付');
    await expect
      .poll(() => page.getByTestId('pay-countdown').textContent(), POLL)
      .toMatch(/^\d\d:\d\d$/);
    await sheet.waitFor({ state: 'hidden' });
    await screenshot(page, 'store-payment-cancelled');

    // Back to the product and to the payment page again: the same order, not a new one.
    await page.goBack();
    await page.goto(`${server.baseUrl}/store/order/payment`);
    await page.waitForURL(new RegExp(`orderId=${orderId}`));
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByRole('radio', { name: /微信支付/ }).check();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await page.waitForURL(/\/store\/order\/detail\?orderId=/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
    await expect.poll(() => page.getByTestId('pickup-code').count(), POLL).toBe(1);

    const orders = await apiCall<CallAnswer<typeof orderListCall>>(
      token,
      '/order/list?kind=store&pageNum=1&pageSize=10',
    );
    expect(orders.list.map((order) => order.orderId)).toEqual([orderId]);
    const detail = await apiCall<OrderDetail>(token, `/order/detail?orderId=${orderId}`);
    expect(detail.payments.map((p) => [p.method, p.status])).toEqual([
      ['wechat', 'cancelled'],
      ['wechat', 'succeeded'],
    ]);

    // Refunded while not picked up yet: the WeChat part goes back through (sandbox) WeChat.
    await page.getByRole('button', { name: '申请退款' }).click();
    await expectOpaque(page.getByText('确认退款？'));
    await page.getByRole('button', { name: '确认退款' }).click();
    await expect
      .poll(() => page.locator('.order-badge').first().textContent(), POLL)
      .toBe('已退款');
    expect(await page.getByTestId('pickup-code').count()).toBe(0);
    await expect.poll(() => page.locator('.adm-toast-main').count(), POLL).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'store-order-refunded');
    await context.close();
  });

  it('says which item ran out when someone else took it, and lets the buyer adjust', async () => {
    const other = await newPhone(browser);
    const otherPage = await other.newPage();
    const { token: otherToken } = await signInFresh(otherPage, server.baseUrl, '/home/index');
    // The buyer's pickup cinema is the first of the list (no ticket yet), where both buy.
    const cinemas = await apiCall<{ list: { id: string }[] }>(otherToken, '/cinema/list');
    const pickupId = cinemas.list[0]!.id;
    const caramel = await goodsNamed('焦糖爆米花', pickupId);
    const large = variantOf(caramel, '大桶');
    expect(large.stock).toBeGreaterThan(1);

    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/index');
    await page.goto(`${server.baseUrl}/store/product/detail?id=${caramel.id}`);
    await pickVariant(page, '大桶');
    for (let i = 1; i < large.stock; i += 1) {
      await page.getByRole('button', { name: '增加 焦糖爆米花 的数量' }).click();
    }
    await expect
      .poll(() => page.getByTestId('quantity').textContent(), POLL)
      .toBe(String(large.stock));
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/\/store\/order\/payment$/);
    await page.getByRole('textbox', { name: '手机号' }).fill('13800138000');

    // Meanwhile someone else takes one.
    await apiCall(otherToken, '/storeOrder/create', {
      cinemaId: pickupId,
      phone: '13912345678',
      items: [{ goodsInfoId: large.id, quantity: 1 }],
    });

    await page.getByRole('button', { name: '提交订单' }).click();
    await expect
      .poll(() => page.getByTestId('stock-problem').textContent(), POLL)
      .toContain(`仅剩 ${large.stock - 1} 件`);
    expect(await page.getByTestId('stock-problem').textContent()).toContain('焦糖爆米花');
    expect(await page.getByTestId('quantity').textContent()).toBe(String(large.stock - 1));
    expect(new URL(page.url()).searchParams.has('orderId')).toBe(false);
    await screenshot(page, 'store-out-of-stock');

    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/store\/order\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    expect(variantOf(await goodsNamed('焦糖爆米花', pickupId), '大桶').stock).toBe(0);

    // Unpaid on its own page: pay or cancel; cancelling puts the stock back at once.
    await page.goto(`${server.baseUrl}/store/order/detail?orderId=${orderId}`);
    await expect.poll(() => page.getByRole('link', { name: '去支付' }).count(), POLL).toBe(1);
    await screenshot(page, 'store-order-pending');
    await page.getByRole('button', { name: '取消订单' }).click();
    await untilStill(page.getByText('取消订单？'));
    await expectOpaque(page.getByText('取消订单？'));
    await screenshot(page, 'store-cancel-confirm');
    await page.getByRole('button', { name: '确认取消' }).click();
    await expect
      .poll(() => page.locator('.order-badge').first().textContent(), POLL)
      .toBe('已取消');
    expect(variantOf(await goodsNamed('焦糖爆米花', pickupId), '大桶').stock).toBe(large.stock - 1);
    await other.close();
    await context.close();
  });

  it('speaks English to an English browser', async () => {
    const cola = await goodsNamed('冰镇可乐');
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/store/product/list');
    await expect.poll(() => page.getByRole('tab', { name: 'All' }).count(), POLL).toBe(1);
    // The demo categories have English names; the goods keep theirs.
    await expect.poll(() => page.getByRole('tab', { name: 'Popcorn' }).count(), POLL).toBe(1);
    expect(await page.getByRole('tab', { name: '爆米花' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('goods-card').count(), POLL).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'store-product-list-en');
    await page.goto(`${server.baseUrl}/store/product/detail?id=${cola.id}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to cart' }).count(), POLL)
      .toBe(1);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/\/store\/order\/payment$/);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => page.getByText('Enter a valid mainland mobile number').count(), POLL)
      .toBe(1);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'store-checkout-en');
    await context.close();
  });
});
