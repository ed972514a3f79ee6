import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkSeatSelection,
  formatYuan,
  takenSeatIdsOf,
  yuanToFen,
  type CallAnswer,
  type FilmOrder,
  type OrderDetail,
  type ShowSummary,
  type cinemaDetailCall,
  type cinemaListCall,
  type cinemaShowsCall,
  type getUserCareListCall,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, payByWechat } from './support/api';
import { expectOpaque, launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh, topUp, vouchers } from './support/login';
import { setPasswordAndPayByCard } from './support/pay-sheet';
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

/** The test's pictures, with the shared e2e screenshots. */
async function shot(page: Page, name: string) {
  await screenshot(page, `exchange-${name}`);
}

/**
 * Two shows of one film at one cinema, in the same hall at the same price, the later one to
 * exchange to: the same seats there cost the same.
 */
async function twoShows(): Promise<[ShowSummary, ShowSummary]> {
  const api = moviegoerApi(server.baseUrl);
  const cinemas = await api<CallAnswer<typeof cinemaListCall>>('/cinema/list?pageSize=20');
  for (const { id } of cinemas.list) {
    const detail = await api<CallAnswer<typeof cinemaDetailCall>>(`/cinema/detail?cinemaId=${id}`);
    const shows: ShowSummary[] = [];
    for (const date of detail.showDates.slice(1, 3)) {
      const day = await api<CallAnswer<typeof cinemaShowsCall>>(
        `/cinema/shows?cinemaId=${id}&date=${date}`,
      );
      shows.push(...day.films.flatMap((film) => film.shows));
    }
    for (const from of shows) {
      const to = shows.find(
        (other) =>
          other.showId !== from.showId &&
          other.filmId === from.filmId &&
          other.hallId === from.hallId &&
          other.discountPrice === from.discountPrice &&
          other.startAt > from.startAt,
      );
      if (to) return [from, to];
    }
  }
  throw new Error('no cinema shows one film twice in one hall');
}

/** Two free seats side by side that the seat rules accept on both shows. */
async function twoSeats(showId: string, otherShowId: string) {
  const api = moviegoerApi(server.baseUrl);
  const map = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${showId}`);
  const other = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${otherShowId}`);
  const freeThere = new Set(
    other.rows.flatMap((row) =>
      row.seats.filter((seat) => seat.state === 'available').map((seat) => seat.id),
    ),
  );
  // Rows from the middle of the hall outwards: where the map opens, and most often free.
  const middle = map.rows.length / 2;
  const rows = [...map.rows].sort(
    (a, b) => Math.abs(map.rows.indexOf(a) - middle) - Math.abs(map.rows.indexOf(b) - middle),
  );
  for (const row of rows) {
    const free = row.seats.filter(
      (seat) => seat.kind === 'normal' && seat.state === 'available' && freeThere.has(seat.id),
    );
    for (let i = 0; i + 2 <= free.length; i += 1) {
      const pair = free.slice(i, i + 2);
      if (pair[1]!.x !== pair[0]!.x + 1) continue;
      const ids = pair.map((seat) => seat.id);
      if (!checkSeatSelection(map, takenSeatIdsOf(map), ids, 6).ok) continue;
      if (!checkSeatSelection(other, takenSeatIdsOf(other), ids, 6).ok) continue;
      return pair;
    }
  }
  throw new Error('no two free seats');
}

/** Until the centre popup (a dialog) has faded in: every ancestor fully opaque. */
async function untilOpaque(page: Page) {
  await page.waitForFunction(() => {
    let node: Element | null = document.querySelector('.adm-center-popup-body');
    if (!node) return false;
    for (; node; node = node.parentElement) {
      if (Number(getComputedStyle(node).opacity) < 1) return false;
    }
    return true;
  });
}

/** Until toasts and dialogs have gone: the page as the user reads it. */
async function untilOverlaysGone(page: Page) {
  await expect
    .poll(() => page.locator('.adm-toast-mask, .adm-center-popup-body').count(), POLL)
    .toBe(0);
}

const seatButton = (page: Page, label: string) => page.locator(`[data-seat="${label}"]`);

type SeatMap = CallAnswer<typeof showSeatsCall>;

/**
 * Two free seats side by side of one price area, the cheapest (or dearest) such pair the seat
 * rules accept: a dearer exchange moves from the one to the other.
 */
function pricedPair(map: SeatMap, which: 'cheapest' | 'dearest') {
  const priceOf = new Map(map.priceAreas.map((area) => [area.id, area.discountPrice]));
  const pairs = map.rows.flatMap((row) => {
    const free = row.seats.filter((seat) => seat.kind === 'normal' && seat.state === 'available');
    return free.slice(0, -1).flatMap((seat, i) => {
      const next = free[i + 1]!;
      if (next.x !== seat.x + 1 || next.areaId !== seat.areaId || !seat.areaId) return [];
      const ids = [seat.id, next.id];
      if (!checkSeatSelection(map, takenSeatIdsOf(map), ids, 6).ok) return [];
      return [{ seats: [seat, next], price: priceOf.get(seat.areaId) ?? 0 }];
    });
  });
  pairs.sort((a, b) => (which === 'cheapest' ? a.price - b.price : b.price - a.price));
  if (!pairs[0]) throw new Error('no two free seats');
  return pairs[0];
}

describe('ticket exchange (改签)', () => {
  it('exchanges a ticket for another show from the order detail: new code, history shown', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const api = moviegoerApi(server.baseUrl);
    const [from, to] = await twoShows();
    const seats = await twoSeats(from.showId, to.showId);
    const order = await api<FilmOrder>('/filmOrder/create', {
      token,
      body: { showId: from.showId, seatIds: seats.map((seat) => seat.id) },
    });
    await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
    const before = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(before.status).toBe('ticketed');
    const oldCode = before.ticket!.code;

    await page.goto(`${server.baseUrl}/order/detail?orderId=${order.id}`);
    await expect.poll(() => page.getByTestId('ticket-code').textContent(), POLL).toBe(oldCode);
    await page.getByTestId('exchange-link').scrollIntoViewIfNeeded();
    await shot(page, 'order-detail-before');
    await page.getByTestId('exchange-link').click();

    await page.waitForURL(/\/order\/exchange\?orderId=/);
    const target = page.locator(`a[href*="showId=${to.showId}"]`);
    await expect.poll(() => target.count(), POLL).toBe(1);
    // The show the ticket is for is not offered.
    expect(await page.locator(`a[href*="showId=${from.showId}"]`).count()).toBe(0);
    await shot(page, 'choose-show');
    await target.click();

    await page.waitForURL(new RegExp(`showId=${to.showId}`));
    await page.locator('[data-seat]').first().waitFor();
    for (const label of seats.map((seat) => seat.label)) {
      await seatButton(page, label).click();
      await expect.poll(() => seatButton(page, label).getAttribute('aria-pressed')).toBe('true');
    }
    await shot(page, 'choose-seats');
    await page.getByRole('button', { name: /确认选座/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('确认改签？').count(), POLL).toBe(1);
    await untilStill(page.locator('.adm-center-popup-body'));
    await untilOpaque(page);
    await shot(page, 'confirm');
    await dialog.getByRole('button', { name: '确认改签' }).click();

    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect
      .poll(() => page.getByTestId('ticket-code').textContent(), POLL)
      .toMatch(/^\d{10}$/);
    await expect.poll(() => page.getByTestId('ticket-code').textContent(), POLL).not.toBe(oldCode);
    const newCode = await page.getByTestId('ticket-code').textContent();
    const history = page.getByTestId('exchange-history');
    await expect.poll(() => history.count(), POLL).toBe(1);
    expect(await history.textContent()).toContain(`原取票码 ${oldCode} 已作废`);
    // Exchanged once: no second 改签.
    expect(await page.getByTestId('exchange-link').count()).toBe(0);
    await untilOverlaysGone(page);
    await shot(page, 'order-detail-after');
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'order-detail-history');

    const after = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(after.film?.showInfo.showId).toBe(to.showId);
    expect(after.ticket?.code).toBe(newCode);
    const oldMap = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${from.showId}`);
    const states = oldMap.rows
      .flatMap((row) => row.seats)
      .filter((seat) => seats.some((chosen) => chosen.id === seat.id))
      .map((seat) => seat.state);
    expect(states).toEqual(['available', 'available']);
    await context.close();
  });

  it('speaks English: the 改签 entry, the choice of show and the history', async () => {
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const api = moviegoerApi(server.baseUrl);
    const [from, to] = await twoShows();
    async function ticketedOrder() {
      const seats = await twoSeats(from.showId, to.showId);
      const order = await api<FilmOrder>('/filmOrder/create', {
        token,
        body: { showId: from.showId, seatIds: seats.map((seat) => seat.id) },
      });
      await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
      return { order, seats };
    }
    const exchanged = await ticketedOrder();
    await api<OrderDetail>('/order/exchange', {
      token,
      body: {
        orderId: exchanged.order.id,
        showId: to.showId,
        seatIds: exchanged.seats.map((seat) => seat.id),
      },
    });
    const open = await ticketedOrder();

    await page.goto(`${server.baseUrl}/order/detail?orderId=${open.order.id}`);
    await expect.poll(() => page.getByTestId('exchange-link').textContent(), POLL).toBe('Exchange');
    await page.getByTestId('exchange-link').scrollIntoViewIfNeeded();
    await shot(page, 'en-order-detail');
    await page.getByTestId('exchange-link').click();
    await expect.poll(() => page.getByText('Choose a new show').count(), POLL).toBe(1);
    await shot(page, 'en-choose-show');

    await page.goto(`${server.baseUrl}/order/detail?orderId=${exchanged.order.id}`);
    const history = page.getByTestId('exchange-history');
    await expect.poll(() => history.count(), POLL).toBe(1);
    expect(await history.textContent()).toContain('no longer valid');
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'en-history');
    await context.close();
  });

  it('exchanges to dearer seats and pays the difference with WeChat Pay: new ticket, history', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    const api = moviegoerApi(server.baseUrl);
    const [from, to] = await twoShows();
    const fromMap = await api<SeatMap>(`/show/seats?showId=${from.showId}`);
    const toMap = await api<SeatMap>(`/show/seats?showId=${to.showId}`);
    const cheap = pricedPair(fromMap, 'cheapest');
    const dear = pricedPair(toMap, 'dearest');
    expect(dear.price).toBeGreaterThan(cheap.price);
    const extra = ((dear.price - cheap.price) * 2).toFixed(2);
    const order = await api<FilmOrder>('/filmOrder/create', {
      token,
      body: { showId: from.showId, seatIds: cheap.seats.map((seat) => seat.id) },
    });
    await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
    const before = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    const oldCode = before.ticket!.code;

    await page.goto(`${server.baseUrl}/order/exchange?orderId=${order.id}&showId=${to.showId}`);
    await page.locator('[data-seat]').first().waitFor();
    // The bar asks for as many seats as the order has, not the per-order maximum.
    expect(await page.locator('.chosen-bar__empty').textContent()).toBe(
      '请选 2 个座位（与原订单相同）',
    );
    for (const label of dear.seats.map((seat) => seat.label)) {
      await seatButton(page, label).click();
      await expect.poll(() => seatButton(page, label).getAttribute('aria-pressed')).toBe('true');
    }
    // The difference shows before confirming.
    expect(await page.getByTestId('chosen-note').textContent()).toBe(`改签需补差价 ¥${extra}`);
    await shot(page, 'dearer-seats-difference');
    await page.getByRole('button', { name: /确认选座/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`新座位需补差价 ¥${extra}`).count(), POLL).toBe(1);
    await untilStill(page.locator('.adm-center-popup-body'));
    await untilOpaque(page);
    await shot(page, 'dearer-confirm');
    await dialog.getByRole('button', { name: '去补差价' }).click();

    // The pay step: the ticket is unchanged until the difference is paid.
    const payStep = page.getByTestId('exchange-pay');
    await expect.poll(() => payStep.count(), POLL).toBe(1);
    await untilOverlaysGone(page);
    expect(await payStep.textContent()).toContain(`支付 ¥${extra} 后改签生效`);
    await shot(page, 'dearer-pay-step');
    const stillOld = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(stillOld.ticket?.code).toBe(oldCode);
    expect(stillOld.exchange?.pending?.extraAmount.toFixed(2)).toBe(extra);
    // The order says an exchange waits, and leads back to its pay step.
    await page.goto(`${server.baseUrl}/order/detail?orderId=${order.id}`);
    const waiting = page.getByTestId('exchange-pending');
    await expect.poll(() => waiting.count(), POLL).toBe(1);
    expect(await page.getByTestId('ticket-code').textContent()).toBe(oldCode);
    // In place of the refund (refused while it waits): pay or cancel the exchange.
    expect(await page.getByRole('button', { name: '申请退票' }).count()).toBe(0);
    expect(await waiting.getByRole('button', { name: '取消这次改签' }).count()).toBe(1);
    await waiting.scrollIntoViewIfNeeded();
    await shot(page, 'dearer-waiting-on-order');
    await waiting.getByRole('link', { name: '去补差价' }).click();
    await expect.poll(() => payStep.count(), POLL).toBe(1);

    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /微信支付/ }).isChecked(), POLL)
      .toBe(true);
    await untilStill(page.locator('.pay-sheet'));
    await expectOpaque(page.locator('.pay-sheet').getByRole('radio', { name: /微信支付/ }));
    await shot(page, 'dearer-pay-sheet');
    await page.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = page.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await untilStill(sheet);
    await expectOpaque(sheet.locator('h2'));
    await shot(page, 'dearer-wechat-sheet');
    await sheet.getByRole('button', { name: /^确认支付/ }).click();

    await page.waitForURL(/\/order\/detail\?orderId=/, POLL);
    await expect.poll(() => page.getByTestId('ticket-code').textContent(), POLL).not.toBe(oldCode);
    const history = page.getByTestId('exchange-history');
    await expect.poll(() => history.count(), POLL).toBe(1);
    expect(await history.textContent()).toContain(`补差价 ¥${extra}`);
    expect(await history.textContent()).toContain(`原取票码 ${oldCode} 已作废`);
    await untilOverlaysGone(page);
    await shot(page, 'dearer-done');
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'dearer-history');

    const after = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(after.film?.showInfo.showId).toBe(to.showId);
    expect(after.film?.seats.map((seat) => seat.label).sort()).toEqual(
      dear.seats.map((seat) => seat.label).sort(),
    );
    expect(after.payments.filter((payment) => payment.status === 'succeeded')).toHaveLength(2);
    await context.close();
  });
  it('cancels a waiting dearer exchange from the order and from its pay step, then pays another by card with the pay password', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const { token } = await signInFresh(page, server.baseUrl, '/home/index');
    await topUp(server.baseUrl, token, vouchers.general200);
    const api = moviegoerApi(server.baseUrl);
    const [from, to] = await twoShows();
    const cheap = pricedPair(await api<SeatMap>(`/show/seats?showId=${from.showId}`), 'cheapest');
    const dear = pricedPair(await api<SeatMap>(`/show/seats?showId=${to.showId}`), 'dearest');
    expect(dear.price).toBeGreaterThan(cheap.price);
    const extraFen = yuanToFen(dear.price - cheap.price) * 2;
    const order = await api<FilmOrder>('/filmOrder/create', {
      token,
      body: { showId: from.showId, seatIds: cheap.seats.map((seat) => seat.id) },
    });
    await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
    const oldCode = (await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token })).ticket!
      .code;
    const exchangeDearer = () =>
      api<OrderDetail>('/order/exchange', {
        token,
        body: { orderId: order.id, showId: to.showId, seatIds: dear.seats.map((seat) => seat.id) },
      });
    await exchangeDearer();

    // The order shows the waiting exchange where the refund was, and cancels it there.
    await page.goto(`${server.baseUrl}/order/detail?orderId=${order.id}`);
    const waiting = page.getByTestId('exchange-pending');
    await expect.poll(() => waiting.count(), POLL).toBe(1);
    expect(await waiting.textContent()).toContain(`改签待补差价`);
    expect(await waiting.textContent()).toContain('完成或取消前不能退票');
    expect(await page.getByRole('button', { name: '申请退票' }).count()).toBe(0);
    await waiting.scrollIntoViewIfNeeded();
    await untilOverlaysGone(page);
    await shot(page, 'waiting-instead-of-refund');
    await waiting.getByRole('button', { name: '取消这次改签' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('取消这次改签？').count(), POLL).toBe(1);
    await untilOpaque(page);
    await dialog.getByRole('button', { name: '取消改签' }).click();
    await expect.poll(() => waiting.count(), POLL).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: '申请退票' }).count(), POLL).toBe(1);
    expect(await page.getByTestId('ticket-code').textContent()).toBe(oldCode);
    const toMap = await api<SeatMap>(`/show/seats?showId=${to.showId}`);
    const freed = toMap.rows
      .flatMap((row) => row.seats)
      .filter((seat) => dear.seats.some((chosen) => chosen.id === seat.id));
    expect(freed.map((seat) => seat.state)).toEqual(['available', 'available']);

    // Again, and given up this time from the pay step itself: back on the order, as it was.
    await exchangeDearer();
    await page.goto(`${server.baseUrl}/order/exchange?orderId=${order.id}`);
    const payStep = page.getByTestId('exchange-pay');
    await expect.poll(() => payStep.count(), POLL).toBe(1);
    await untilOverlaysGone(page);
    await payStep.getByRole('button', { name: '取消这次改签' }).click();
    await expect.poll(() => dialog.getByText('取消这次改签？').count(), POLL).toBe(1);
    await untilOpaque(page);
    await dialog.getByRole('button', { name: '取消改签' }).click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    await expect.poll(() => page.getByRole('button', { name: '申请退票' }).count(), POLL).toBe(1);
    expect(await waiting.count()).toBe(0);
    expect(await page.getByTestId('ticket-code').textContent()).toBe(oldCode);

    // Again, and this time the difference is paid by card, with a pay password set on the way.
    await exchangeDearer();
    await page.goto(`${server.baseUrl}/order/exchange?orderId=${order.id}`);
    await expect.poll(() => payStep.count(), POLL).toBe(1);
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /会员卡支付/ }).isChecked(), POLL)
      .toBe(true);
    await untilStill(page.locator('.pay-sheet'));
    await shot(page, 'dearer-card-pay-sheet');
    await setPasswordAndPayByCard(page, '258013');

    await page.waitForURL(/\/order\/detail\?orderId=/, POLL);
    await expect.poll(() => page.getByTestId('ticket-code').textContent(), POLL).not.toBe(oldCode);
    const history = page.getByTestId('exchange-history');
    await expect.poll(() => history.count(), POLL).toBe(1);
    expect(await history.textContent()).toContain(`补差价 ¥${formatYuan(extraFen)}`);
    await untilOverlaysGone(page);
    await shot(page, 'dearer-card-done');
    const after = await api<OrderDetail>(`/order/detail?orderId=${order.id}`, { token });
    expect(after.film?.showInfo.showId).toBe(to.showId);
    expect(
      after.payments.filter((p) => p.status === 'succeeded').map((p) => [p.method, p.amount]),
    ).toContainEqual(['card', extraFen / 100]);
    const cards = await api<CallAnswer<typeof getUserCareListCall>>('/storeCard/getUserCareList', {
      token,
    });
    expect(cards.storeCard.map((card) => yuanToFen(card.balance))).toEqual([20_000 - extraFen]);
    await context.close();
  });
});
