import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import {
  chinaDate,
  chinaDateTime,
  clearSlotSoon,
  consoleSignIn,
  desktop,
  pickDate,
  requireConsoleBuild,
  staffApi,
  DOOR_OPENS_EARLY_SQL,
} from './support/console';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * A cinema's day in one run, against the real server: the manager adds a film and schedules it
 * in a hall that evening, a moviegoer buys two seats in the web app and pays with WeChat, the
 * cashier checks the ticket in on a phone (a second scan is refused with who and when), and the
 * owner's sales report counts the two seats.
 */
const ROUND_TRIP = { timeout: 10_000 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, ROUND_TRIP);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([
    startServer({}, { sql: [DOOR_OPENS_EARLY_SQL] }),
    launchBrowser(),
  ]);
});

const api = <T>(pathAndQuery: string) => moviegoerApi(server.baseUrl)<T>(pathAndQuery);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type SeatMap = CallAnswer<typeof showSeatsCall>;

/** Two side-by-side ordinary seats that the seat rules accept. */
function twoSeats(map: SeatMap): { id: string; label: string }[] {
  const taken = takenSeatIdsOf(map);
  for (const row of map.rows) {
    for (const seat of row.seats) {
      const next = row.seats.find((candidate) => candidate.x === seat.x + 1);
      if (!next || [seat, next].some((s) => s.kind !== 'normal' || s.state !== 'available')) {
        continue;
      }
      if (checkSeatSelection(map, taken, [seat.id, next.id], map.maxSeatsPerOrder).ok) {
        return [seat, next];
      }
    }
  }
  throw new Error('no two free seats side by side');
}

describe('a day at the cinema, from the schedule to the door to the report', () => {
  it('manager schedules → moviegoer buys two seats → cashier checks in once → owner sees 2 tickets', async () => {
    const title = `归途 ${Date.now() % 100000}`;
    const cinemas = await api<{ list: { id: string; name: string }[] }>('/cinema/list?pageSize=50');
    const cinema = cinemas.list.find((c) => c.name.includes('人民广场'))!;
    const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
    const slot = await clearSlotSoon(manager, cinema.id, 95);

    // The manager adds the film and schedules it in the cleared slot.
    const office = await desktop(browser);
    const page = await office.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.getByTestId('console-menu').getByText('影片').click();
    await page.waitForURL(/\/console\/films$/);
    await page.getByRole('button', { name: '新增影片' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('片名').fill(title);
    await drawer.getByLabel('片长（分钟）').fill('95');
    await pickDate(page, '上映日期', chinaDate(0));
    await drawer.getByLabel('导演').fill('许导演');
    await drawer.getByLabel('剧情简介').fill('离家二十年的人，在除夕夜坐上了回乡的绿皮车。');
    await drawer.getByRole('button', { name: '保存' }).click();
    await poll(() => drawer.getByText('编辑影片').count()).toBe(1);
    await drawer.getByRole('button', { name: '取消' }).click();
    await poll(() => drawer.isVisible()).toBe(false);

    await page.getByTestId('console-menu').getByText('排片').click();
    await page.waitForURL(/\/console\/schedule$/);
    await page.getByTestId('show-block').first().waitFor();
    await page.getByRole('button', { name: '新增场次' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('影片').click();
    await dialog.getByLabel('影片').fill(title.slice(0, 2));
    await page.locator('.ant-select-item-option').filter({ hasText: title }).click();
    expect(await dialog.locator('.ant-select-selection-item').nth(1).innerText()).toBe(
      slot.hallName,
    );
    await pickDate(page, '开始时间', chinaDateTime(slot.startAt));
    const prices = dialog.locator('.ant-input-number-input');
    for (let i = 0; i < (await prices.count()); i += 2) {
      await prices.nth(i).fill('50');
      await prices.nth(i + 1).fill('42');
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    const block = page.getByTestId('show-block').filter({ hasText: title });
    await poll(() => block.count()).toBe(1);
    await screenshot(page, 'journey-console-scheduled');
    expect(pageErrors).toEqual([]);

    // A moviegoer finds the show at the cinema, takes two seats and pays with WeChat.
    const films = await api<{ list: { id: string; title: string }[] }>('/film/list?status=showing');
    const film = films.list.find((f) => f.title === title)!;
    const phone = await newPhone(browser);
    const moviegoer = await phone.newPage();
    const showDate = chinaDateTime(slot.startAt).slice(0, 10);
    await signInFresh(
      moviegoer,
      server.baseUrl,
      `/cinema/detail?cinemaId=${cinema.id}&filmId=${film.id}&date=${showDate}`,
    );
    const startText = chinaDateTime(slot.startAt).slice(11);
    await moviegoer.locator('.show-row__link').filter({ hasText: startText }).first().click();
    await moviegoer.waitForURL(/\/cinema\/seat\?showId=/);
    const showId = new URL(moviegoer.url()).searchParams.get('showId')!;
    const seats = twoSeats(await api<SeatMap>(`/show/seats?showId=${showId}`));
    await moviegoer.locator('[data-seat]').first().waitFor();
    for (const seat of seats) {
      await moviegoer.locator(`[data-seat="${seat.label}"]`).click();
    }
    await poll(() => moviegoer.locator('[data-seat][aria-pressed="true"]').count()).toBe(2);
    await moviegoer.getByRole('button', { name: /确认选座/ }).click();
    await moviegoer.waitForURL(/\/cinema\/order\?showId=/);
    // A fresh hold opens on the snack step (decision 029): skipped with one tap.
    await moviegoer.getByTestId('snack-skip').click();
    await moviegoer.getByRole('button', { name: '立即支付' }).click();
    await poll(() => moviegoer.getByRole('radio', { name: /微信支付/ }).isChecked()).toBe(true);
    await moviegoer.getByRole('button', { name: /^确认支付/ }).click();
    const sheet = moviegoer.getByRole('dialog', { name: '微信支付（本地沙箱）' });
    await poll(() => sheet.count()).toBe(1);
    await sheet.getByRole('button', { name: /^确认支付/ }).click();
    await moviegoer.waitForURL(/\/order\/detail\?orderId=/);
    await poll(() => moviegoer.getByTestId('ticket-code').textContent()).toMatch(/^\d{10}$/);
    const code = (await moviegoer.getByTestId('ticket-code').textContent())!;
    await screenshot(moviegoer, 'journey-moviegoer-ticket');
    await phone.close();

    // The cashier checks the ticket in at the door on a phone; the second scan is refused.
    const door = await newPhone(browser);
    const cashier = await door.newPage();
    await consoleSignIn(cashier, server.baseUrl, 'cashier', 'cashier2026');
    await cashier.goto(`${server.baseUrl}/console/check-in`);
    const input = cashier.getByTestId('checkin-input');
    // The scanner's Enter checks it in at once: the screen turns green with the show.
    await input.fill(code);
    await input.press('Enter');
    const result = cashier.getByTestId('checkin-result');
    await poll(() => result.getAttribute('data-result')).toBe('admitted');
    const view = await result.innerText();
    expect(view).toContain('核销成功');
    expect(view).toContain(title);
    expect(view).toContain(slot.hallName);
    await screenshot(cashier, 'journey-check-in-done');
    await input.fill(code);
    await input.press('Enter');
    await poll(() => result.getAttribute('data-result')).toBe('refused');
    expect(await cashier.getByTestId('checkin-reason').innerText()).toMatch(
      /已于 \d{2}:\d{2} 由 .+ 核销/,
    );
    await screenshot(cashier, 'journey-check-in-again');
    await door.close();

    // The owner's sales report for today counts the two seats under the film.
    const owner = await (await desktop(browser)).newPage();
    await consoleSignIn(owner, server.baseUrl, 'owner', 'owner2026');
    await owner.getByTestId('console-menu').getByText('报表').click();
    await owner.waitForURL(/\/console\/reports$/);
    const sales = owner.getByTestId('sales-report');
    const filmRow = sales.locator('.ant-table-row').filter({ hasText: title });
    await poll(() => filmRow.count()).toBe(1);
    expect((await filmRow.locator('td').nth(1).innerText()).trim()).toBe('2');
    await poll(() => sales.locator('.ant-statistic').first().innerText()).toContain('2');
    await owner.waitForTimeout(800); // the charts' entry animation
    await screenshot(owner, 'journey-owner-sales');
    await owner.context().close();
    await office.close();
  });
});
