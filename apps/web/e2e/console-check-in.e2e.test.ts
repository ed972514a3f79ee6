import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, payByWechat, type MoviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot, smallTapTargets } from './support/browser';
import {
  chinaBusinessDate,
  chinaDate,
  clearSlotSoon,
  consoleSignIn,
  desktop,
  DOOR_OPENS_EARLY_SQL,
  requireConsoleBuild,
  staffApi,
} from './support/console';
import { createUser } from './support/login';
import { startServer, type RunningServer } from './support/server';

type SeatMap = CallAnswer<typeof showSeatsCall>;

/**
 * Check-in at the door on a phone and order look-up at a desk, against the real server: a
 * moviegoer's paid ticket (made through the API and the sandbox's payment sheet), checked in once
 * by the cashier, refused the second time; a manager finds an order and refunds another.
 */

/** Waits after a server round trip get 10 s: scrypt and RSA on a busy two-core machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([
    startServer({}, { sql: [DOOR_OPENS_EARLY_SQL] }),
    launchBrowser(),
  ]);
  api = moviegoerApi(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let api: MoviegoerApi;

let showCursor = 0;
/**
 * A show at the demo cashier's cinema that the door admits now: of today's business day (China
 * time, 06:00 to 06:00), not started yet, and starting within the admit window (three hours here:
 * DOOR_OPENS_EARLY_SQL).
 */
async function showOfToday(): Promise<string> {
  const cinemas = await api<{ list: { id: string; name: string }[] }>('/cinema/list?pageSize=50');
  const cinema = cinemas.list.find((c) => c.name.includes('人民广场'))!;
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const day = await api<{ films: { shows: { showId: string; startAt: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinema.id}&date=${today}`,
  );
  const businessDay = chinaBusinessDate(new Date());
  const shows = day.films
    .flatMap((film) => film.shows)
    // After midnight the calendar day's shows belong to the next business day.
    .filter((show) => chinaBusinessDate(new Date(show.startAt)) === businessDay)
    // Time to sign in and check in before it starts, and the door already open for it.
    .filter((show) => new Date(show.startAt).getTime() > Date.now() + 10 * 60_000)
    .filter((show) => new Date(show.startAt).getTime() < Date.now() + 170 * 60_000)
    .sort((a, b) => a.startAt.localeCompare(b.startAt));
  const show = shows[showCursor++ % Math.max(shows.length, 1)];
  if (show) return show.showId;
  // No demo show starts within the window (or the business day has none left): the manager
  // schedules one soon (the business day runs to 06:00, so it is still today's at the door).
  return (await scheduleShowSoon(cinema.id)).showId;
}

let lateShow: Promise<{ showId: string }> | null = null;
function scheduleShowSoon(cinemaId: string): Promise<{ showId: string }> {
  lateShow ??= (async () => {
    const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
    // Room for the longest film: the shows after it in that hall are cancelled.
    const slot = await clearSlotSoon(manager, cinemaId, 240, { anyHall: true });
    const tomorrow = await api<{ films: { film: { id: string } }[] }>(
      `/cinema/shows?cinemaId=${cinemaId}&date=${chinaDate(1)}`,
    );
    const week = await manager.call<{ halls: { id: string; priceAreas: { id: string }[] }[] }>(
      'GET',
      `/console/schedule/week?cinemaId=${cinemaId}&from=${chinaDate(-1)}`,
    );
    const hall = week.halls.find((h) => h.id === slot.hallId)!;
    return manager.call<{ showId: string }>('POST', '/console/shows/create', {
      hallId: slot.hallId,
      filmId: tomorrow.films[0]!.film.id,
      startAt: slot.startAt.toISOString(),
      language: '国语',
      format: '2D',
      prices: hall.priceAreas.map((area) => ({
        areaId: area.id,
        priceFen: 4500,
        discountPriceFen: 3900,
      })),
    });
  })();
  return lateShow;
}

/** A moviegoer buys two seats of a show today and pays with WeChat on the sandbox's sheet. */
async function paidTicket(): Promise<{ orderId: string; orderNo: string; code: string }> {
  const buyer = await createUser(server.baseUrl);
  const showId = await showOfToday();
  const map = await api<SeatMap>(`/show/seats?showId=${showId}`);
  const taken = takenSeatIdsOf(map);
  let seatIds: string[] | null = null;
  for (const row of map.rows) {
    for (const seat of row.seats) {
      const next = row.seats.find((s) => s.x === seat.x + 1);
      if (!next || [seat, next].some((s) => s.kind !== 'normal' || s.state !== 'available')) {
        continue;
      }
      const pick = [seat.id, next.id];
      if (checkSeatSelection(map, taken, pick, map.maxSeatsPerOrder).ok) seatIds ??= pick;
    }
  }
  if (!seatIds) throw new Error('no two free seats side by side');
  const order = await api<{ id: string }>('/filmOrder/create', {
    token: buyer.token,
    body: { showId, seatIds },
  });
  await payByWechat(
    server.baseUrl,
    buyer.token,
    { orderType: 'FILM_ORDER', orderId: order.id },
    {
      deliveries: 1,
    },
  );
  let detail: { orderNo: string; status: string; ticket: { code: string } | null } | null = null;
  await expect
    .poll(async () => {
      detail = await api(`/order/detail?orderId=${order.id}`, { token: buyer.token });
      return detail!.status;
    })
    .toBe('ticketed');
  const paid = detail!;
  return { orderId: order.id, orderNo: paid.orderNo, code: paid.ticket!.code };
}

describe('check-in at the door and orders at the desk', () => {
  it('the cashier checks a ticket in with the scanner’s Enter; the result fills the screen', async () => {
    const ticket = await paidTicket();
    const context = await newPhone(browser);
    // The door's sounds: which tones the page plays (Web Audio, nothing fetched).
    await context.addInitScript(() => {
      const tones: number[] = [];
      (window as unknown as { doorTones: number[] }).doorTones = tones;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        const oscillator = create.call(this);
        const start = oscillator.start.bind(oscillator);
        oscillator.start = (when?: number) => {
          tones.push(oscillator.frequency.value);
          start(when);
        };
        return oscillator;
      };
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const tones = () =>
      page.evaluate(() => (window as unknown as { doorTones: number[] }).doorTones);
    await consoleSignIn(page, server.baseUrl, 'cashier', 'cashier2026');

    // The menu folds into a drawer on a phone.
    await page.getByTestId('console-menu-button').click();
    // Once the drawer has slid in all the way.
    const drawerPanel = page.locator('.ant-drawer-content-wrapper');
    await poll(async () => (await drawerPanel.boundingBox())?.x).toBe(0);
    await poll(() => drawerPanel.evaluate((el) => el.getAnimations().length)).toBe(0);
    await screenshot(page, 'console-phone-menu');
    await page.getByTestId('console-menu').getByText('检票与取货').click();
    await page.waitForURL(/\/console\/check-in$/);
    await poll(() => page.getByRole('button', { name: '退出登录' }).isVisible()).toBe(false);
    const input = page.getByTestId('checkin-input');
    await poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Headless Chromium on Linux has no BarcodeDetector: said so, the input stays.
    await poll(() => page.getByText('此浏览器不支持相机扫码').count()).toBe(1);
    expect(await smallTapTargets(page, 'button, input, [role="button"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, 'console-check-in-phone-empty');

    // A hardware scanner types the code and sends Enter: checked in at once, no second tap.
    await input.fill(`${ticket.code.slice(0, 5)} ${ticket.code.slice(5)}`);
    await input.press('Enter');
    const result = page.getByTestId('checkin-result');
    // The screen's words first: a refusal's reason shows in the failure.
    await poll(() => result.count().then((n) => (n ? result.innerText() : ''))).toContain(
      '核销成功',
    );
    expect(await result.getAttribute('data-result')).toBe('admitted');
    expect(await result.innerText()).toContain('请入场');
    // The film, its time and hall, and the two seats.
    const facts = await page.getByTestId('checkin-facts').innerText();
    expect(facts).toMatch(
      /\n\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2} · .+\n[A-Z]+排\d+座、[A-Z]+排\d+座$/,
    );
    expect(await page.getByTestId('checkin-confirm').count()).toBe(0);
    // The whole screen, green.
    expect(await result.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(await result.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(35, 120, 4)',
    );
    await poll(tones).toEqual([880, 1320]);
    // Ready for the next code: the input is empty and keeps the focus under the result.
    expect(await input.inputValue()).toBe('');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'console-check-in-phone-admitted');

    // The same ticket scanned again, over the green screen: red, with who used it and when.
    await input.fill(ticket.code);
    await input.press('Enter');
    await poll(() => result.getAttribute('data-result')).toBe('refused');
    expect(await page.getByTestId('checkin-reason').innerText()).toMatch(
      /已于 \d{2}:\d{2} 由 .+ 核销/,
    );
    expect(await result.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(168, 7, 26)',
    );
    // What the ticket is, looked up for the red screen: its show and seats.
    await poll(() => page.getByTestId('checkin-facts').count()).toBe(1);
    expect(await page.getByTestId('checkin-facts').innerText()).toBe(facts);
    await poll(tones).toEqual([880, 1320, 220, 220]);
    await screenshot(page, 'console-check-in-phone-used');
    // A tap clears it; the input still has the focus.
    await result.click();
    await poll(() => result.count()).toBe(0);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // A code that is no code at all.
    await input.fill('12345');
    await input.press('Enter');
    await poll(() => result.getAttribute('data-result')).toBe('refused');
    expect(await page.getByTestId('checkin-reason').innerText()).toContain('不是有效的票码');
    await screenshot(page, 'console-check-in-phone-invalid');
    await result.click();

    // Look up first, then check in with the button: the other way in.
    const second = await paidTicket();
    await input.fill(second.code);
    await page.getByTestId('checkin-lookup').click();
    await poll(() => page.getByTestId('checkin-confirm').count()).toBe(1);
    expect(await page.getByTestId('checkin-view').innerText()).toContain(second.orderNo);
    expect(await smallTapTargets(page, 'button, input, [role="button"]')).toEqual([]);
    await screenshot(page, 'console-check-in-phone-found');
    await page.getByTestId('checkin-confirm').click();
    await poll(() => result.getAttribute('data-result')).toBe('admitted');
    // The green screen clears itself after a few seconds.
    await expect.poll(() => result.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('checkin-view').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a manager finds an order at the desk and refunds another with a reason', async () => {
    const used = await paidTicket();
    const toRefund = await paidTicket();
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');

    await page.getByTestId('console-menu').getByText('订单').click();
    await page.waitForURL(/\/console\/orders$/);
    const search = page.getByPlaceholder('订单号、手机号（11 位）、票码或取货码');
    await search.fill(used.orderNo);
    await search.press('Enter');
    await poll(() => page.getByRole('cell', { name: used.orderNo }).count()).toBe(1);
    await poll(() => page.locator('.ant-spin-blur').count()).toBe(0);
    await screenshot(page, 'console-orders-search');
    await page.getByRole('cell', { name: used.orderNo }).click();
    const drawer = page.getByTestId('order-detail');
    await poll(() => drawer.getByText('已出票').count()).toBeGreaterThan(0);
    await screenshot(page, 'console-order-detail');
    await page.keyboard.press('Escape');
    await poll(() => drawer.isVisible()).toBe(false);

    await search.fill(toRefund.code);
    await search.press('Enter');
    await poll(() => page.getByRole('cell', { name: toRefund.orderNo }).count()).toBe(1);
    await page.getByRole('cell', { name: toRefund.orderNo }).click();
    await page.getByTestId('order-refund').click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '退款原因' });
    await dialog.getByTestId('refund-confirm').click();
    await poll(() => dialog.getByText('请填写 2–200 字的退款原因').count()).toBe(1);
    await dialog.getByTestId('refund-reason').fill('影厅放映设备故障，顾客要求退票');
    await screenshot(page, 'console-order-refund-dialog');
    await dialog.getByTestId('refund-confirm').click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => drawer.getByTestId('order-refund').count()).toBe(0);
    await poll(() => drawer.getByTestId('order-audit').innerText()).toContain('员工退款');
    // The status trail reads in the page's language, with the reason the manager typed.
    const events = await drawer.getByTestId('order-events').innerText();
    expect(events).toContain('微信支付成功');
    expect(events).toContain('员工 manager 退款：影厅放映设备故障，顾客要求退票');
    expect(events).not.toMatch(/paid by|refunded by/);
    expect(await drawer.getByTestId('order-facts').innerText()).toContain('已退款');
    expect(await drawer.getByTestId('order-refunds').innerText()).toContain('微信支付');
    expect(await drawer.getByTestId('order-facts').innerText()).toContain(toRefund.code);
    await expect
      .poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 })
      .toBe(0);
    await screenshot(page, 'console-order-refunded');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('speaks English at the door to an English phone', async () => {
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/console/sign-in`);
    await page.getByLabel('Username').fill('cashier');
    await page.getByLabel('Password').fill('cashier2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/?$/);
    await page.goto(`${server.baseUrl}/console/check-in`);
    const input = page.getByPlaceholder('Scan or type a ticket / pickup code');
    await input.fill('0000000000');
    await input.press('Enter');
    await expect
      .poll(() => page.getByTestId('checkin-reason').innerText())
      .toContain('No ticket or pickup has this code');
    expect(await page.getByTestId('checkin-headline').innerText()).toBe('Cannot check in');
    expect(await page.getByText('This browser cannot scan with the camera').count()).toBe(1);
    await screenshot(page, 'console-check-in-phone-english');
    await context.close();
  });
});
