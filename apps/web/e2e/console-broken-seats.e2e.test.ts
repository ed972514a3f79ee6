import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkSeatSelection,
  seatName,
  seatNames,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, payByWechat, type MoviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { chinaDate, consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * A seat breaks before a show that sold it: the manager marks it broken on the show's seat board
 * in the console (1366×768), sees the buyer's order with the proposed seats, moves the buyer in one
 * action; the moviegoer reads the change on the order detail (375×667), ticket code unchanged.
 */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
type SeatMap = CallAnswer<typeof showSeatsCall>;

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

/** Tomorrow's first show at the demo manager's cinema (inside the schedule's first week). */
async function showOfTomorrow(): Promise<string> {
  const cinemas = await api<{ list: { id: string; name: string }[] }>('/cinema/list?pageSize=50');
  const cinema = cinemas.list.find((c) => c.name.includes('人民广场'))!;
  const day = await api<{ films: { shows: { showId: string; startAt: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinema.id}&date=${chinaDate(1)}`,
  );
  const show = day.films
    .flatMap((film) => film.shows)
    .sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
  if (!show) throw new Error(`no show tomorrow at ${cinema.name}`);
  return show.showId;
}

/** Two free seats side by side in the middle of the hall, bought and paid through WeChat. */
async function buyTwoSeats(token: string, showId: string) {
  const map = await api<SeatMap>(`/show/seats?showId=${showId}`);
  const taken = takenSeatIdsOf(map);
  const middle = [...map.rows].sort(
    (a, b) => Math.abs(a.y - map.rowCount / 2) - Math.abs(b.y - map.rowCount / 2),
  );
  let pick: SeatMap['rows'][number]['seats'] | null = null;
  for (const row of middle) {
    for (const seat of row.seats) {
      const next = row.seats.find((s) => s.x === seat.x + 1);
      if (!next || [seat, next].some((s) => s.kind !== 'normal' || s.state !== 'available')) {
        continue;
      }
      if (checkSeatSelection(map, taken, [seat.id, next.id], map.maxSeatsPerOrder).ok) {
        pick ??= [seat, next];
      }
    }
  }
  if (!pick) throw new Error('no two free seats side by side');
  const order = await api<{ id: string }>('/filmOrder/create', {
    token,
    body: { showId, seatIds: pick.map((seat) => seat.id) },
  });
  await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId: order.id });
  type Detail = { orderNo: string; status: string; ticket: { code: string } | null };
  const detail = () => api<Detail>(`/order/detail?orderId=${order.id}`, { token });
  await poll(async () => (await detail()).status).toBe('ticketed');
  const paid = await detail();
  return { orderId: order.id, orderNo: paid.orderNo, code: paid.ticket!.code, seats: pick };
}

describe('a broken seat of a sold show', () => {
  it('the manager marks it broken, moves the buyer in one action; the buyer sees the change', async () => {
    const phone = await newPhone(browser);
    const moviegoer = await phone.newPage();
    const { token } = await signInFresh(moviegoer, server.baseUrl, '/home/order');
    const showId = await showOfTomorrow();
    const bought = await buyTwoSeats(token, showId);
    const broken = bought.seats[1]!;

    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.getByTestId('console-menu').getByText('排片').click();
    await page.waitForURL(/\/console\/schedule$/);
    const block = page.locator(`[data-show-id="${showId}"]`);
    await block.waitFor();
    await block.getByRole('button', { name: '操作' }).click();
    await page.getByRole('menuitem', { name: '座位 / 损坏座位' }).click();
    const dialog = page.getByRole('dialog', { name: /^座位：/ });
    const seat = dialog.locator(`[data-testid="board-seat"][data-label="${broken.label}"]`);
    await seat.click();
    await poll(() => seat.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByLabel('损坏原因').fill('座椅靠背损坏');
    await dialog.getByRole('button', { name: '标记损坏' }).click();
    const orders = dialog.getByTestId('affected-orders');
    await poll(() => orders.getByText(bought.orderNo).count()).toBe(1);
    // The party is kept together: its unbroken seat may move with the broken one.
    const proposal = await orders.getByTestId('proposal').innerText();
    // Seats named as everywhere ("A排3座 → A排5座"), back to their short labels.
    const moves = [...proposal.matchAll(/([A-Z]+)排(\d+)座 → ([A-Z]+)排(\d+)座/g)].map((m) => [
      `${m[1]}${m[2]}`,
      `${m[3]}${m[4]}`,
    ]);
    const newLabel = moves.find(([from]) => from === broken.label)?.[1];
    expect(newLabel).toBeTruthy();
    await untilStill(dialog);
    await screenshot(page, 'console-broken-seats-dialog');

    await dialog.getByRole('button', { name: /一键换座/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /一键换座/ })
      .click();
    await poll(() => page.getByText(/已换座：1 笔订单/).count()).toBeGreaterThan(0);
    await poll(() => orders.getByText(bought.orderNo).count()).toBe(0);
    await poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    await untilStill(dialog);
    await screenshot(page, 'console-broken-seats-applied');
    expect(pageErrors).toEqual([]);
    await context.close();

    await moviegoer.goto(`${server.baseUrl}/order/detail?orderId=${bought.orderId}`);
    const notice = moviegoer.getByTestId('seat-change');
    await poll(() => notice.count()).toBe(1);
    const said = await notice.innerText();
    expect(said).toContain(
      seatNames(
        moves.map(([from]) => from!),
        'zh',
      ),
    );
    expect(said).toContain(
      `换到 ${seatNames(
        moves.map(([, to]) => to!),
        'zh',
      )}`,
    );
    expect(said).toContain(seatName(newLabel!, 'zh'));
    expect(await moviegoer.getByTestId('ticket-code').innerText()).toBe(bought.code);
    await screenshot(moviegoer, 'broken-seats-order-detail');
    // The same notice in English for a phone that prefers it.
    const english = await newPhone(browser, { locale: 'en-US' });
    await english.addCookies(await phone.cookies());
    const page2 = await english.newPage();
    await page2.goto(`${server.baseUrl}/order/detail?orderId=${bought.orderId}`);
    await poll(() => page2.getByTestId('seat-change').count()).toBe(1);
    expect(await page2.getByTestId('seat-change').innerText()).toContain('The cinema moved you');
    await screenshot(page2, 'broken-seats-order-detail-en');
    await english.close();
    await phone.close();
  });
});
