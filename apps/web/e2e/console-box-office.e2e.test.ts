import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, type MoviegoerApi } from './support/api';
import { launchBrowser, screenshot, untilStill } from './support/browser';
import {
  chinaBusinessDate,
  chinaDate,
  clearSlotSoon,
  consoleSignIn,
  desktop,
  requireConsoleBuild,
  staffApi,
} from './support/console';
import { createUser, topUp, vouchers } from './support/login';
import { startServer, type RunningServer } from './support/server';

type SeatMap = CallAnswer<typeof showSeatsCall>;
interface CounterShow {
  showId: string;
  startAt: string;
  seatsLeft: number;
  isSelling: boolean;
}

/**
 * The box office at the till (1366×768), against the real server: a cashier's shift from the
 * float to the count (tickets and a drink for cash with change, a member's card sale with the pay
 * password on the till's keypad, a refund, a reprint, a drawer three yuan short), and a manager's
 * close of the day, refused while a shift is open.
 */

/** Waits after a server round trip get 10 s: scrypt and RSA on a busy two-core machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

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

/** "¥1,234.50" on the page to fen. */
const fenOf = (text: string) => {
  const match = /¥([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
};

/**
 * A show of today's business day at the demo cashier's cinema still selling with room, as the
 * till lists it; late at night, when none is left, the manager schedules one soon.
 */
async function showOnSale(): Promise<string> {
  const cashier = await staffApi(server.baseUrl, 'cashier', 'cashier2026');
  const today = await cashier.call<{ cinemaId: string; shows: CounterShow[] }>(
    'GET',
    '/console/box-office/shows',
  );
  const open = today.shows.filter(
    (show) =>
      show.isSelling &&
      show.seatsLeft >= 8 &&
      Date.parse(show.startAt) > Date.now() + 20 * 60_000 &&
      chinaBusinessDate(new Date(show.startAt)) === chinaBusinessDate(new Date()),
  );
  if (open[0]) return open[0].showId;
  const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
  const slot = await clearSlotSoon(manager, today.cinemaId, 120);
  const tomorrow = await api<{ films: { film: { id: string } }[] }>(
    `/cinema/shows?cinemaId=${today.cinemaId}&date=${chinaDate(1)}`,
  );
  const week = await manager.call<{ halls: { id: string; priceAreas: { id: string }[] }[] }>(
    'GET',
    `/console/schedule/week?cinemaId=${today.cinemaId}&from=${chinaDate(-1)}`,
  );
  const hall = week.halls.find((h) => h.id === slot.hallId)!;
  const created = await manager.call<{ showId: string }>('POST', '/console/shows/create', {
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
  return created.showId;
}

/** Two free ordinary seats side by side that the seat rules allow, by label. */
async function twoSeats(showId: string, avoid: readonly string[] = []): Promise<string[]> {
  const map = await api<SeatMap>(`/show/seats?showId=${showId}`);
  const taken = takenSeatIdsOf(map);
  for (const row of [...map.rows].reverse()) {
    for (const seat of row.seats) {
      const next = row.seats.find((s) => s.x === seat.x + 1);
      if (!next || [seat, next].some((s) => s.kind !== 'normal' || s.state !== 'available')) {
        continue;
      }
      if ([seat, next].some((s) => avoid.includes(s.label))) continue;
      if (checkSeatSelection(map, taken, [seat.id, next.id], map.maxSeatsPerOrder).ok) {
        return [seat.label, next.label];
      }
    }
  }
  throw new Error('no two free seats side by side');
}

/**
 * A member with a general card of ¥200 and the pay password `password`. ¥200 pays for two seats
 * of whichever show the till sells at the hour the test runs: two IMAX seats cost ¥136 (a card of
 * ¥100 that cannot pay shows no keypad).
 */
async function memberWithCard(password: string): Promise<{ cardNo: string }> {
  const member = await createUser(server.baseUrl);
  await topUp(server.baseUrl, member.token, vouchers.general200);
  const { spki } = await api<{ spki: string }>('/security/payKey');
  const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  const encrypted = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(
      JSON.stringify({
        password,
        timestamp: Date.now(),
        nonce: randomBytes(16).toString('base64url'),
      }),
    ),
  ).toString('base64');
  await api('/userInfo/card/setPassword', { token: member.token, body: { password: encrypted } });
  const cards = await api<{ storeCard: { cardNo: string; balance: number }[] }>(
    '/storeCard/getUserCareList',
    { token: member.token },
  );
  const card = cards.storeCard.find((c) => c.balance >= 200);
  if (!card) throw new Error('the member has no card of ¥200');
  return { cardNo: card.cardNo };
}

/** Tap an amount on the till's number pad. */
async function tapAmount(page: Page, text: string) {
  for (const key of text.match(/00|./g) ?? []) await page.getByTestId(`pad-${key}`).first().click();
}

/** Tap seats on the till's map and wait until the server holds them (the pay button wakes). */
async function tapSeats(page: Page, labels: readonly string[]) {
  for (const label of labels) {
    await page.locator(`[data-testid="till-seat"][data-label="${label}"]`).click();
  }
  await poll(() => page.getByTestId('basket-pay').isEnabled()).toBe(true);
  await poll(() => page.getByTestId('basket-ticket').count()).toBe(labels.length);
}

describe('the box office', () => {
  it("a cashier's shift: float, a cash sale with change, a card sale, a refund, a reprint, a short drawer", async () => {
    const showId = await showOnSale();
    const member = await memberWithCard('258013');
    const context = await desktop(browser);
    // The till's printer: count the print dialogs instead of opening them.
    await context.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed);
    await consoleSignIn(page, server.baseUrl, 'cashier', 'cashier2026');

    // No shift yet: the till asks for the float first.
    await page.getByTestId('console-menu').getByText('售票收银').click();
    await page.waitForURL(/\/console\/box-office$/);
    await poll(() => page.getByTestId('open-shift').count()).toBe(1);
    await tapAmount(page, '500');
    await screenshot(page, 'till-open-shift');
    await page.getByTestId('shift-open').click();
    await poll(() => page.getByTestId('shift-bar').count()).toBe(1);
    expect(await page.getByTestId('shift-expected').innerText()).toContain('¥500.00');

    // Today's shows as tiles; a tap opens the live seat map.
    await poll(() => page.getByTestId('show-tile').count()).toBeGreaterThan(0);
    await screenshot(page, 'till-shows');
    await page.locator(`[data-testid="show-tile"][data-show-id="${showId}"]`).click();
    await poll(() => page.getByTestId('till-seat').count()).toBeGreaterThan(20);
    const cashSeats = await twoSeats(showId);
    await tapSeats(page, cashSeats);
    // Moviegoers see the counter's hold at once.
    const seen = await api<SeatMap>(`/show/seats?showId=${showId}`);
    const states = seen.rows
      .flatMap((row) => row.seats)
      .filter((seat) => cashSeats.includes(seat.label))
      .map((seat) => seat.state);
    expect(states).toEqual(['held', 'held']);
    await screenshot(page, 'till-seats-held');

    // A drink into the same basket.
    await page.getByTestId('till-pane').getByText('卖品').click();
    const drink = page
      .locator('[data-testid="snack-button"][data-name^="冰镇可乐"]:enabled')
      .first();
    await drink.click();
    await poll(() => page.getByTestId('basket-snack').count()).toBe(1);
    await screenshot(page, 'till-basket');

    // Cash: 200 yuan handed over, the change shown before and after.
    await page.getByTestId('basket-pay').click();
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: '收款 ·' });
    await poll(() => drawer.getByTestId('cash-tendered').count()).toBe(1);
    const totalFen = fenOf(await drawer.locator('.ant-drawer-title').innerText());
    expect(totalFen).toBeGreaterThan(0);
    expect(totalFen).toBeLessThan(20_000);
    await tapAmount(page, '200');
    await poll(() => drawer.getByTestId('cash-outcome').innerText()).toContain('找零');
    expect(fenOf(await drawer.getByTestId('cash-outcome').innerText())).toBe(20_000 - totalFen);
    await screenshot(page, 'till-pay-cash');
    // A stray Esc asks before anything typed is lost; "继续收款" keeps it.
    await page.keyboard.press('Escape');
    const discard = page.locator('.ant-modal-confirm').filter({ hasText: '放弃这次收款' });
    await poll(() => discard.count()).toBe(1);
    await discard.getByRole('button', { name: '继续收款' }).click();
    await poll(() => discard.isVisible()).toBe(false);
    expect(await drawer.getByTestId('cash-tendered').inputValue()).toBe('200');
    await drawer.getByTestId('cash-confirm').click();
    await poll(() => page.getByTestId('sale-change').count()).toBe(1);
    expect(fenOf(await page.getByTestId('sale-change').innerText())).toBe(20_000 - totalFen);
    await untilStill(page.locator('.ant-modal-content'));
    await screenshot(page, 'till-paid-cash');

    // Print: a ticket per seat and the receipt, with their QR codes, for the 80 mm printer.
    await page.getByTestId('sale-print').click();
    await poll(printed).toBe(1);
    const slips = page.getByTestId('thermal-print');
    expect(await slips.getByTestId('slip-ticket').count()).toBe(2);
    expect(await slips.getByTestId('slip-receipt').count()).toBe(1);
    expect(await slips.locator('svg').count()).toBeGreaterThanOrEqual(2);
    expect(await slips.getByTestId('slip-reprint').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'till-print-slips');
    await page.emulateMedia({ media: 'screen' });
    const receipt = await slips.getByTestId('slip-receipt').innerText();
    const cashOrderNo = /订单号 (\d+)/.exec(receipt)![1]!;
    expect(receipt).toContain('现金');
    await page.getByTestId('sale-next').click();
    await poll(() => page.getByTestId('show-tile').count()).toBeGreaterThan(0);
    expect(fenOf(await page.getByTestId('shift-expected').innerText())).toBe(50_000 + totalFen);

    // A member's card: found by its number, the password typed on the till's keypad.
    await page.locator(`[data-testid="show-tile"][data-show-id="${showId}"]`).click();
    await poll(() => page.getByTestId('till-seat').count()).toBeGreaterThan(20);
    const cardSeats = await twoSeats(showId, cashSeats);
    await tapSeats(page, cardSeats);
    await page.getByTestId('basket-pay').click();
    await drawer.getByTestId('pay-tab-card').click();
    await drawer.getByTestId('card-query').fill(member.cardNo);
    await drawer.getByTestId('card-query').press('Enter');
    await poll(() => drawer.getByTestId('pin-pad').count()).toBe(1);
    for (const digit of '258013') await drawer.getByTestId(`pin-${digit}`).click();
    await poll(() => page.getByTestId('sale-next').count()).toBe(1);
    const cardOrderNo = await page.getByTestId('sale-order-no').innerText();
    await untilStill(page.locator('.ant-modal-content'));
    // The last customer's slips are not printed again as the next paid dialog opens.
    expect(await printed()).toBe(1);
    await screenshot(page, 'till-paid-card');
    await page.getByTestId('sale-print').click();
    await poll(printed).toBe(2);
    await page.getByTestId('sale-next').click();

    // The cash sale refunded at the counter: the cash goes back out of the drawer.
    await page.getByTestId('open-lookup').click();
    const lookup = page.locator('.ant-drawer-content').filter({ hasText: '找订单' });
    await lookup.getByTestId('lookup-query').fill(cashOrderNo);
    await lookup.getByTestId('lookup-query').press('Enter');
    await poll(() => lookup.getByTestId('lookup-order').count()).toBe(1);
    await lookup.getByTestId('lookup-refund').click();
    await lookup.getByTestId('refund-reason').fill('顾客临时有事，不能观影');
    await screenshot(page, 'till-refund');
    // Esc with a reason typed asks first.
    await page.keyboard.press('Escape');
    const keep = page.locator('.ant-modal-confirm').filter({ hasText: '放弃填写的内容' });
    await poll(() => keep.count()).toBe(1);
    await keep.getByRole('button', { name: '继续收款' }).click();
    await poll(() => keep.isVisible()).toBe(false);
    await lookup.getByTestId('refund-confirm').click();
    await poll(() => lookup.getByTestId('refund-done').count()).toBe(1);
    expect(fenOf(await lookup.getByTestId('refund-give-cash').innerText())).toBe(totalFen);
    await screenshot(page, 'till-refunded');

    // The card sale, printed once already, printed again: every slip says 重打.
    await lookup.getByTestId('lookup-query').fill(cardOrderNo);
    await lookup.getByTestId('lookup-query').press('Enter');
    await poll(() => lookup.getByTestId('lookup-order').innerText()).toContain(cardOrderNo);
    await lookup.getByTestId('lookup-reprint').click();
    await poll(printed).toBe(3);
    expect(await page.getByTestId('thermal-print').getByTestId('slip-reprint').count()).toBe(3);
    await page.keyboard.press('Escape');
    await poll(() => lookup.isVisible()).toBe(false);
    expect(fenOf(await page.getByTestId('shift-expected').innerText())).toBe(50_000);

    // Closing: the drawer counted three yuan short.
    await page.getByTestId('open-close-shift').click();
    const closing = page.locator('.ant-drawer-content').filter({ hasText: '交班' });
    await tapAmount(page, '497');
    await closing.getByTestId('shift-note').fill('找零时多给了 3 元');
    await closing.getByTestId('shift-close-confirm').click();
    await poll(() => closing.getByTestId('shift-report').count()).toBe(1);
    expect(await closing.getByTestId('shift-difference').innerText()).toBe('短款 ¥3.00');
    const methods = await closing.getByTestId('shift-methods').innerText();
    expect(methods).toContain('现金');
    expect(methods).toContain('会员卡');
    await screenshot(page, 'till-shift-report');
    await closing.getByTestId('shift-print').click();
    await poll(printed).toBe(4);
    expect(await page.getByTestId('thermal-print').getByTestId('slip-shift').count()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('open-shift').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a manager closes the day once every shift is closed', async () => {
    // The cashier's shift, if the journey above left it open, closes as counted.
    const cashier = await staffApi(server.baseUrl, 'cashier', 'cashier2026');
    const left = await cashier.call<{ shift: { shiftId: string; expectedCash: number } | null }>(
      'GET',
      '/console/box-office/shifts/current',
    );
    if (left.shift) {
      await cashier.call('POST', '/console/box-office/shifts/close', {
        shiftId: left.shift.shiftId,
        countedCash: left.shift.expectedCash,
      });
    }
    const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
    const shift = await manager.call<{ shiftId: string; expectedCash: number }>(
      'POST',
      '/console/box-office/shifts/open',
      { float: 300 },
    );
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.goto(`${server.baseUrl}/console/box-office/day-close`);
    await poll(() => page.getByTestId('day-open-shifts').count()).toBe(1);
    expect(await page.getByTestId('day-open-shifts').innerText()).toContain('李店长');
    expect(await page.getByTestId('day-close-confirm').isDisabled()).toBe(true);
    await screenshot(page, 'day-close-open-shift');

    await manager.call('POST', '/console/box-office/shifts/close', {
      shiftId: shift.shiftId,
      countedCash: shift.expectedCash,
    });
    await page.reload();
    await poll(() => page.getByTestId('day-close-confirm').isEnabled()).toBe(true);
    expect(await page.getByTestId('day-by-method').innerText()).toContain('现金');
    expect(await page.getByTestId('day-by-channel').innerText()).toContain('柜台');
    await screenshot(page, 'day-close-ready');
    await page.getByTestId('day-close-confirm').click();
    await untilStill(page.getByTestId('day-close-ok'));
    await page.getByTestId('day-close-ok').click();
    // The closed day, or the refusal's words if the close was refused.
    const outcome = page.locator('[data-testid="day-closed"], .ant-message-error').first();
    await poll(async () => ((await outcome.count()) ? outcome.innerText() : '')).toMatch(
      /已日结[\s\S]*李店长 于/,
    );
    await poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    await screenshot(page, 'day-close-done');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
