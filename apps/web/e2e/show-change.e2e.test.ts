import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, payByWechat, type MoviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import {
  chinaDate,
  chinaDateTime,
  clearSlotSoon,
  consoleSignIn,
  desktop,
  pickDate,
  requireConsoleBuild,
  staffApi,
} from './support/console';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * A show starting in about half an hour, inside the refund cutoff, is moved by 30 minutes in the
 * console (1366×768): its buyer reads the change in 我的 → 消息 (375×667) and refunds although
 * the cutoff has passed; the manager sees the notice listed for the show.
 */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

let server: RunningServer;
let browser: Browser;
let api: MoviegoerApi;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = moviegoerApi(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The manager schedules a show soon in a cleared slot with room to move it later. */
async function showSoon() {
  const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
  const cinemas = await api<{ list: { id: string; name: string }[] }>('/cinema/list?pageSize=50');
  const cinema = cinemas.list.find((c) => c.name.includes('人民广场'))!;
  const slot = await clearSlotSoon(manager, cinema.id, 300, { anyHall: true });
  const tomorrow = await api<{ films: { film: { id: string } }[] }>(
    `/cinema/shows?cinemaId=${cinema.id}&date=${chinaDate(1)}`,
  );
  const week = await manager.call<{ halls: { id: string; priceAreas: { id: string }[] }[] }>(
    'GET',
    `/console/schedule/week?cinemaId=${cinema.id}&from=${chinaDate(-1)}`,
  );
  const hall = week.halls.find((h) => h.id === slot.hallId)!;
  const show = await manager.call<{ showId: string; startAt: string }>(
    'POST',
    '/console/shows/create',
    {
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
    },
  );
  return show;
}

/** Two free seats of the show, paid through WeChat's sandbox. */
async function buy(token: string, showId: string): Promise<string> {
  const map = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${showId}`);
  const taken = takenSeatIdsOf(map);
  const pick = map.rows
    .flatMap((row) =>
      row.seats.map((seat) => [seat, row.seats.find((s) => s.x === seat.x + 1)] as const),
    )
    .map(([seat, next]) => (next ? [seat.id, next.id] : []))
    .find(
      (ids) => ids.length === 2 && checkSeatSelection(map, taken, ids, map.maxSeatsPerOrder).ok,
    )!;
  const order = await api<{ id: string }>('/filmOrder/create', {
    token,
    body: { showId, seatIds: pick },
  });
  await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
  const status = async () =>
    (await api<{ status: string }>(`/order/detail?orderId=${order.id}`, { token })).status;
  await poll(status).toBe('ticketed');
  return order.id;
}

describe('a show moved after it sold', () => {
  it('the manager moves it by 30 minutes; the buyer reads the message and refunds past the cutoff', async () => {
    const show = await showSoon();
    const phone = await newPhone(browser);
    const moviegoer = await phone.newPage();
    const { token } = await signInFresh(moviegoer, server.baseUrl, '/home/order');
    const orderId = await buy(token, show.showId);
    type Refund = { refund: { isAllowed: boolean } };
    const refundRule = async () =>
      (await api<Refund>(`/order/detail?orderId=${orderId}`, { token })).refund.isAllowed;
    // Within the 60-minute refund cutoff (half an hour away, unless every hall is busy till later).
    expect(await refundRule()).toBe(Date.parse(show.startAt) - Date.now() > 60 * 60_000);

    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.getByTestId('console-menu').getByText('排片').click();
    await page.waitForURL(/\/console\/schedule$/);
    const block = page.locator(`[data-show-id="${show.showId}"]`);
    await block.waitFor();
    await block.getByRole('button', { name: '操作' }).click();
    await page.getByRole('menuitem', { name: '修改场次 / 通知' }).click();
    const dialog = page.getByRole('dialog', { name: /^修改场次：/ });
    const later = new Date(Date.parse(show.startAt) + 30 * 60_000);
    await pickDate(page, '新的开始时间', chinaDateTime(later));
    await dialog.getByLabel(/原因/).fill('设备调试');
    await dialog.getByTestId('edit-save').click();
    await poll(async () =>
      (await page.getByText(/已改时间，已通知 1 笔订单/).count()) > 0
        ? 'saved'
        : await dialog.innerText(),
    ).toBe('saved');
    const notices = dialog.getByTestId('show-notices');
    await poll(() => notices.getByText(/开场时间由 .* 改为/).count()).toBe(1);
    await untilStill(dialog);
    await screenshot(page, 'console-show-change');
    expect(pageErrors).toEqual([]);
    await context.close();

    await moviegoer.goto(`${server.baseUrl}/account/messages`);
    await poll(() => moviegoer.getByText('场次变更').count()).toBeGreaterThan(0);
    const said = moviegoer.getByText(/开场时间已改为/);
    expect(await said.first().innerText()).toContain(chinaDateTime(later).slice(11));
    await screenshot(moviegoer, 'show-change-message');
    expect(await refundRule()).toBe(true);
    await moviegoer.goto(`${server.baseUrl}/order/detail?orderId=${orderId}`);
    await moviegoer.getByRole('button', { name: '申请退票' }).click();
    await moviegoer.getByRole('button', { name: '确认退票' }).click();
    await poll(() => moviegoer.locator('.order-badge').first().textContent()).toBe('已退款');
    await phone.close();
  });
});
