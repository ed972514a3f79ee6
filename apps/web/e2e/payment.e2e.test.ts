import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  formatYuan,
  yuanToFen,
  type CallAnswer,
  type FilmOrder,
  type OrderDetail,
  type getUserCareListCall,
} from '@marquee/contracts';
import { holdTwoSeats } from './support/api';
import { expectOpaque, launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh, topUp, vouchers } from './support/login';
import { setPasswordAndPayByCard, typeOnPad } from './support/pay-sheet';
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

async function apiCall<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { site: 'www-test', token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Waits that include a server round trip get room on a busy two-core machine. */
const POLL = { timeout: 10_000 };

/** Hold two seats of one of tomorrow's shows, as the seat page would (its UI has its own tests). */
const holdSeats = (token: string): Promise<FilmOrder> => holdTwoSeats(server.baseUrl, token);

async function openOrder(page: Page, order: FilmOrder) {
  await page.goto(`${server.baseUrl}/cinema/order?showId=${order.showInfo.showId}`);
  await expect
    .poll(() => page.getByTestId('order-total').textContent(), POLL)
    .toBe(`¥${formatYuan(yuanToFen(order.total))}`);
}

describe('paying for tickets', () => {
  it('pays by card with the pay password, shows the ticket QR and the lower balance', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    // A film card of ¥30 and a general card of ¥200; no pay password yet.
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, token, vouchers.general200, vouchers.film30);
    const order = await holdSeats(token);
    await openOrder(page, order);
    await screenshot(page, 'payment-order');

    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isChecked(), POLL)
      .toBe(true);
    await untilStill(page.locator('.pay-sheet'));
    await expectOpaque(page.locator('.pay-sheet').getByRole('radio', { name: /会员卡支付/ }));
    await screenshot(page, 'payment-choose-method');

    // No pay password yet: set one from the pay sheet.
    await page.getByRole('button', { name: '设置支付密码' }).click();
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await expect
      .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
      .toBe('请设置 6 位数字支付密码');
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
    await expect
      .poll(() => page.locator('.adm-number-keyboard-key:visible').count(), POLL)
      .toBeGreaterThan(9);
    await untilStill(page.locator('.pay-keypad'));
    await screenshot(page, 'payment-password-keypad');
    // A wrong password keeps the pad open and says how many tries are left; nothing is charged.
    await typeOnPad(page, '369147');
    await expect
      .poll(() => page.locator('.pay-keypad__error').textContent(), POLL)
      .toContain('还可尝试 4 次');
    await screenshot(page, 'payment-password-wrong');
    await typeOnPad(page, '258013');

    await page.waitForURL(/\/order\/detail\?orderId=/);
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(order.id);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    await expect.poll(() => page.getByTestId('ticket-qr').count(), POLL).toBe(1);
    expect(await page.locator('.order-badge').first().textContent()).toBe('已出票');
    await screenshot(page, 'payment-order-detail');

    // Debit order: the film card (30.00) first, then the general card (200.00).
    const totalFen = yuanToFen(order.total);
    const generalAfter = 20000 - Math.max(0, totalFen - 3000);
    await page.goto(`${server.baseUrl}/account/card_list`);
    await expect
      .poll(() => page.getByTestId('card-balance').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(formatYuan(generalAfter))]));
    await screenshot(page, 'payment-card-list');

    await page.goto(`${server.baseUrl}/home/order`);
    await expect.poll(() => page.getByTestId('order-item').count(), POLL).toBeGreaterThan(0);
    await screenshot(page, 'payment-order-list');
    await context.close();
  });

  it('pays another order with the sandbox WeChat Pay, and a cancelled one stays unpaid', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    // Only a goods card, which cannot pay for tickets.
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, token, vouchers.goods20);

    const paid = await holdSeats(token);
    await openOrder(page, paid);
    await page.getByRole('button', { name: '立即支付' }).click();
    // The only card is for goods: WeChat Pay is the one way offered.
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isChecked(), POLL)
      .toBe(true);
    expect(await page.getByRole('radio').count()).toBe(1);
    expect(await page.getByText('没有可用于影票的会员卡').count()).toBe(1);
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expect.poll(() => sheet.count(), POLL).toBe(1);
    await expectOpaque(sheet.locator('h2'));
    await screenshot(page, 'payment-sandbox-sheet');
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    await expect
      .poll(() => page.getByTestId('order-payments').textContent(), POLL)
      .toContain('微信支付');
    await screenshot(page, 'payment-wechat-paid');

    // Refund while allowed: the WeChat part goes back through (sandbox) WeChat.
    await page.getByRole('button', { name: '申请退票' }).click();
    await untilStill(page.getByText('确认退票？'));
    await expectOpaque(page.getByText('确认退票？'));
    // The confirmation says how much comes back.
    expect(await page.locator('.adm-dialog').textContent()).toContain(
      `将退回 ¥${formatYuan(yuanToFen(paid.total))}。`,
    );
    await screenshot(page, 'payment-refund-confirm');
    await page.getByRole('button', { name: '确认退票' }).click();
    await expect
      .poll(() => page.locator('.order-badge').first().textContent(), POLL)
      .toBe('已退款');
    await expect.poll(() => page.getByText('已退回').count(), POLL).toBe(1);
    expect(await page.getByTestId('ticket-code').count()).toBe(0);
    await screenshot(page, 'payment-refunded');

    const cancelled = await holdSeats(token);
    await openOrder(page, cancelled);
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await page
      .getByRole('dialog', { name: '微信支付（本地沙箱）' })
      .getByRole('button', { name: '取消' })
      .click();
    await expect
      .poll(() => page.getByTestId('payment-notice').textContent(), POLL)
      .toContain('已取消支付');
    await screenshot(page, 'payment-wechat-cancelled');
    const detail = await apiCall<OrderDetail>(token, `/order/detail?orderId=${cancelled.id}`);
    expect(detail.status).toBe('pending_payment');
    expect(detail.payments.map((p) => p.status)).toEqual(['cancelled']);
    expect(new URL(page.url()).pathname).toBe('/cinema/order');

    // A failed attempt says so in the person's words, not WeChat's (or the sandbox's) errMsg.
    await page.getByRole('button', { name: '重新支付' }).click();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await page
      .getByRole('dialog', { name: '微信支付（本地沙箱）' })
      .getByRole('button', { name: '模拟支付失败' })
      .click();
    await expect
      .poll(() => page.getByTestId('payment-notice').textContent(), POLL)
      .toContain('支付没有完成，可以重新支付');
    expect(await page.getByTestId('payment-notice').textContent()).not.toMatch(/sandbox/i);
    await screenshot(page, 'payment-wechat-failed');

    // Paid at the third attempt: one payment line with its amount, the two others only counted.
    await page.getByRole('button', { name: '重新支付' }).click();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await page
      .getByRole('dialog', { name: '微信支付（本地沙箱）' })
      .getByRole('button', { name: /^确认支付/ })
      .click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    const payments = page.getByTestId('order-payments');
    await expect.poll(() => payments.locator('li').count(), POLL).toBe(2);
    expect(await payments.getByText('¥').count()).toBe(1);
    expect(await page.getByTestId('unfinished-payments').textContent()).toBe(
      '另有 2 次支付未完成，未扣款',
    );
    await payments.scrollIntoViewIfNeeded();
    await screenshot(page, 'payment-lines-after-attempts');
    await context.close();
  });

  it("after paying in WeChat's sheet from a page left with back, the seat page forgets the pending order and the order page leads to the ticket", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const order = await holdSeats(token);
    const showId = order.showInfo.showId;
    await page.goto(`${server.baseUrl}/cinema/seat?showId=${showId}`);
    const banner = page.getByRole('link', { name: /你有一笔该场次的待支付订单/ });
    await banner.click();
    await page.waitForURL(/\/cinema\/order\?showId=/);
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expect.poll(() => sheet.count(), POLL).toBe(1);

    // Back to the seats while WeChat's sheet is still up, and pay there.
    await page.goBack();
    // Leaving a held order asks first (under the sandbox's sheet, which a real WeChat closes
    // with the same back press).
    await page.getByRole('button', { name: '离开' }).dispatchEvent('click');
    await page.waitForURL(/\/cinema\/seat\?showId=/);
    await expect.poll(() => banner.count(), POLL).toBe(1);
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    await screenshot(page, 'payment-seat-page-after-paying');

    // The order page no longer has anything to pay, and says where the ticket is.
    await page.goto(`${server.baseUrl}/cinema/order?showId=${showId}`);
    const toTicket = page.getByRole('link', { name: '查看电影票' });
    await expect.poll(() => toTicket.count(), POLL).toBe(1);
    expect(await page.getByText('订单已支付', { exact: true }).count()).toBe(1);
    await screenshot(page, 'payment-order-page-paid');
    await toTicket.click();
    await page.waitForURL(new RegExp(`/order/detail\\?orderId=${order.id}`));
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    // Seats named as moviegoers read them.
    expect(await page.getByTestId('order-seats').textContent()).toMatch(
      /^[A-Z]+排\d+座、[A-Z]+排\d+座$/,
    );
    await context.close();
  });

  it('shows "checking" when the answer is lost, then sends the same request again without paying twice', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const order = await holdSeats(token);
    await openOrder(page, order);

    // The server handles the first request, but its answer never reaches the phone.
    const keys: string[] = [];
    let isDropped = false;
    await page.route('**/api/wxpay/wechatPay', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (isDropped) return route.continue();
      isDropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.getByRole('button', { name: /^确认支付/ }).click();
    await expect
      .poll(() => page.getByTestId('payment-checking').textContent(), POLL)
      .toContain('正在确认支付结果');
    expect(await page.getByTestId('payment-notice').count()).toBe(0);
    await page.locator('.pay-sheet').waitFor({ state: 'hidden' });
    await screenshot(page, 'payment-checking');

    await page.getByRole('button', { name: '重新发送' }).click({ timeout: 15_000 });
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const detail = await apiCall<OrderDetail>(token, `/order/detail?orderId=${order.id}`);
    expect(detail.status).toBe('ticketed');
    expect(detail.payments.map((p) => [p.method, p.status])).toEqual([['wechat', 'succeeded']]);
    await context.close();
  });
});

describe('snacks in the ticket flow', () => {
  it('adds a combo to held seats, pays tickets and snacks in one payment, shows both codes on one order, and refunds only the snacks', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const order = await holdSeats(token);
    await openOrder(page, order);

    // The snack step: combos first, each variant with a stepper; skipping is one tap.
    await page.getByTestId('snacks-change').click();
    await page.getByTestId('snack-step').waitFor();
    const increase = page.getByRole('button', { name: /^增加一份/ }).first();
    await increase.waitFor();
    await increase.click();
    const addButton = page.getByTestId('snack-add');
    await expect.poll(() => addButton.textContent(), POLL).toMatch(/^加入订单 ¥\d+\.\d\d$/);
    const comboFen = yuanToFen(Number((await addButton.textContent())!.replace(/^.*¥/, '')));
    await screenshot(page, 'snacks-step');
    await addButton.click();

    // Back on the confirm page: one order, tickets and snacks, one total.
    await page.getByTestId('order-snacks').waitFor();
    const totalFen = yuanToFen(order.total) + comboFen;
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(totalFen)}`);
    await screenshot(page, 'snacks-confirm');

    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isChecked(), POLL)
      .toBe(true);
    await untilStill(page.locator('.pay-sheet'));
    await screenshot(page, 'snacks-pay-sheet');
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await expect.poll(() => sheet.count(), POLL).toBe(1);
    await sheet.getByRole('button', { name: /^确认支付/ }).click();

    // One order detail: the ticket's QR and the snacks' pickup code together.
    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    await expect.poll(() => page.getByTestId('pickup-code').textContent(), POLL).toMatch(/^\d{8}$/);
    // The QR pictures are drawn once the qrcode chunk has loaded.
    await expect.poll(() => page.getByTestId('ticket-qr').count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('pickup-qr').count(), POLL).toBe(1);
    expect(await page.getByTestId('order-snacks').textContent()).toContain('待取货');
    await screenshot(page, 'snacks-order-detail');
    await page.getByTestId('order-snacks').scrollIntoViewIfNeeded();
    await screenshot(page, 'snacks-order-detail-lines');

    // Refund only the snacks: the ticket stays, the pickup code goes.
    await page.getByTestId('refund-snacks').click();
    await untilStill(page.getByText('只退小食？'));
    await expectOpaque(page.getByText('只退小食？'));
    await page.getByRole('button', { name: '确认退小食' }).click();
    await page.getByTestId('snacks-refunded').waitFor(POLL);
    expect(await page.getByTestId('pickup-code').count()).toBe(0);
    expect(await page.getByTestId('ticket-code').textContent()).toMatch(/^\d{10}$/);
    const detail = await apiCall<OrderDetail>(token, `/order/detail?orderId=${order.id}`);
    expect(detail.status).toBe('ticketed');
    expect(detail.goods).toMatchObject({ state: 'refunded', refundedAmount: comboFen / 100 });
    await screenshot(page, 'snacks-refunded');

    // 订单: the film order says it came with snacks.
    await page.goto(`${server.baseUrl}/home/order`);
    await expect
      .poll(() => page.getByTestId('order-snacks-note').first().textContent(), POLL)
      .toMatch(/^含小食：.+ ×1$/);
    await screenshot(page, 'snacks-order-list');
    await context.close();
  });
  it('pays tickets and snacks by stored-value cards with the pay password: both codes, balances lowered by the total', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    // A film card pays only tickets, a general card both: the snacks come off the general card.
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, token, vouchers.film60, vouchers.general100);
    const balances = async () =>
      new Map(
        (
          await apiCall<CallAnswer<typeof getUserCareListCall>>(token, '/storeCard/getUserCareList')
        ).storeCard.map((card) => [card.cardTypeList.join(), yuanToFen(card.balance)]),
      );
    const before = await balances();
    const order = await holdSeats(token);
    await openOrder(page, order);
    await page.getByTestId('snacks-change').click();
    await page.getByTestId('snack-step').waitFor();
    await page
      .getByRole('button', { name: /^增加一份/ })
      .first()
      .click();
    const addButton = page.getByTestId('snack-add');
    await expect.poll(() => addButton.textContent(), POLL).toMatch(/^加入订单 ¥\d+\.\d\d$/);
    const comboFen = yuanToFen(Number((await addButton.textContent())!.replace(/^.*¥/, '')));
    await addButton.click();
    await page.getByTestId('order-snacks').waitFor();
    const totalFen = yuanToFen(order.total) + comboFen;
    await expect
      .poll(() => page.getByTestId('order-total').textContent(), POLL)
      .toBe(`¥${formatYuan(totalFen)}`);

    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isChecked(), POLL)
      .toBe(true);
    await untilStill(page.locator('.pay-sheet'));
    await expectOpaque(page.locator('.pay-sheet').getByRole('radio', { name: /会员卡支付/ }));
    await screenshot(page, 'snacks-card-pay-sheet');
    await setPasswordAndPayByCard(page, '258013');

    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    await expect.poll(() => page.getByTestId('pickup-code').textContent(), POLL).toMatch(/^\d{8}$/);
    expect(await page.getByTestId('order-snacks').textContent()).toContain('待取货');
    await screenshot(page, 'snacks-card-order-detail');
    const detail = await apiCall<OrderDetail>(token, `/order/detail?orderId=${order.id}`);
    expect(detail.payments.map((p) => [p.method, p.status, yuanToFen(p.amount)])).toEqual([
      ['card', 'succeeded', totalFen],
    ]);
    // The film card paid only tickets; the snacks came off the general card.
    const after = await balances();
    const spent = (types: string) => before.get(types)! - after.get(types)!;
    const film = spent('film');
    const general = spent('general');
    expect(film + general).toBe(totalFen);
    expect(film).toBeLessThanOrEqual(yuanToFen(order.total));
    expect(general).toBeGreaterThanOrEqual(comboFen);
    await context.close();
  });
});
