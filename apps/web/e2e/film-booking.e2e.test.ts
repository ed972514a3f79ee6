import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkSeatSelection,
  seatName,
  sweetSpot,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { contrastOf, expectOpaque, launchBrowser, newPhone, screenshot } from './support/browser';
import { createUser, signInFresh } from './support/login';
import { chinaDate } from './support/console';
import { startServer, type RunningServer } from './support/server';

type SeatMap = CallAnswer<typeof showSeatsCall>;

let server: RunningServer;
let browser: Browser;

// A private copy of the built app: others rebuilding apps/web/dist meanwhile cannot pull chunks
// from under this run.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-film-web-'));

beforeAll(async () => {
  fs.cpSync(path.resolve(fileURLToPath(import.meta.url), '../../dist'), webDist, {
    recursive: true,
  });
  [server, browser] = await Promise.all([startServer({ WEB_DIST: webDist }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function seatMapOf(showId: string): Promise<SeatMap> {
  const response = await fetch(`${server.baseUrl}/api/show/seats?showId=${showId}`, {
    headers: { site: 'www-test' },
  });
  const body = (await response.json()) as { code: number; data: SeatMap };
  expect(body.code).toBe(0);
  return body.data;
}

/** Two side-by-side ordinary seats that the shared rules accept, or the chosen ones they refuse. */
function findSeats(map: SeatMap, count: 1 | 2, wantOk: boolean) {
  const taken = takenSeatIdsOf(map);
  // As a person does: from the hall's best area outwards, which is where a large hall opens.
  const spot = sweetSpot(map);
  const byCloseness = <T extends { y?: number; x?: number }>(
    list: readonly T[],
    at: number,
    key: 'x' | 'y',
  ) => [...list].sort((a, b) => Math.abs((a[key] ?? 0) - at) - Math.abs((b[key] ?? 0) - at));
  for (const row of byCloseness(map.rows, spot.y, 'y')) {
    for (const seat of byCloseness(row.seats, spot.x, 'x')) {
      const next = row.seats.find((candidate) => candidate.x === seat.x + 1);
      const pick = count === 1 ? [seat] : next ? [seat, next] : [];
      if (pick.length !== count) continue;
      if (pick.some((s) => s.kind !== 'normal' || s.state !== 'available')) continue;
      const check = checkSeatSelection(
        map,
        taken,
        pick.map((s) => s.id),
        map.maxSeatsPerOrder,
      );
      if (check.ok === wantOk) return { seats: pick, check };
    }
  }
  throw new Error('no suitable seats in this show');
}

/** Sign in as a new user; when that fails, say what the page showed instead. */
async function signIn(page: Page, path: string) {
  try {
    return await signInFresh(page, server.baseUrl, path);
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(`sign-in failed at ${page.url()}: ${text.slice(0, 300)}`, { cause: error });
  }
}

/** Hold seats through the API, as someone else's seat page would. */
async function holdAs(token: string, showId: string, seatIds: string[]): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/filmOrder/create`, {
    method: 'POST',
    headers: { site: 'www-test', token, 'content-type': 'application/json' },
    body: JSON.stringify({ showId, seatIds }),
  });
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(0);
}

/** A show in one of the 60-seat halls: small enough to see whole, with room for every test. */
const smallShow = () => findShow((seatCount) => seatCount <= 80);

const seatButton = (page: Page, label: string) => page.locator(`[data-seat="${label}"]`);
const showIdOf = (page: Page) => new URL(page.url()).searchParams.get('showId')!;

describe('booking a film from the home tab to held seats', () => {
  it('walks film → cinema → show → two seats → confirmation with the total and a countdown', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, '/home/index');
    await page.locator('.film-card').first().waitFor();
    // WCAG AA: the ratings on the white film cards.
    expect(await contrastOf(page.locator('.film-card__rating'))).toBeGreaterThanOrEqual(4.5);
    await screenshot(page, 'film-home-index');
    expect(await page.locator('.home-index__greeting').textContent()).toMatch(
      /^你好，.+！ 今天想看什么电影？$/,
    );
    expect(
      await page.getByRole('link', { name: '搜影院、地址或 IMAX 厅' }).getAttribute('href'),
    ).toBe('/cinema/search');

    await page.locator('.film-card__action').first().click();
    await page.waitForURL(/\/cinema\/film\?filmId=/);
    await page.locator('.show-chip').first().waitFor();
    await screenshot(page, 'film-detail');
    // The showtimes are below the synopsis and cast: a bar at the bottom leads there, then goes.
    const buy = page.getByRole('button', { name: '选座购票' });
    await buy.waitFor();
    const box = (await buy.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(box.y + box.height).toBeGreaterThan(600);
    await buy.click();
    await expect.poll(() => buy.count()).toBe(0);
    await expect
      .poll(() =>
        page.locator('#film-showtimes').evaluate((section) => {
          const top = section.getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    // The smooth scroll has come to rest (a picture taken while it runs shows the bar mid-way).
    await expect
      .poll(async () => {
        const before = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(150);
        return (await page.evaluate(() => window.scrollY)) === before;
      })
      .toBe(true);
    await screenshot(page, 'film-detail-showtimes');

    // The cinema under the film, then one of its shows there.
    await page.locator('.cinema-item__link').first().click();
    await page.waitForURL(/\/cinema\/detail\?cinemaId=/);
    expect(new URL(page.url()).searchParams.get('filmId')).not.toBeNull();
    await page.locator('.show-row__link').first().waitFor();
    await screenshot(page, 'film-cinema-detail');
    // A show far enough ahead that its hold runs its full quarter of an hour (a hold ends when the
    // show starts, so the first row late in the evening may have only seconds left).
    const rows = page.locator('.show-row__link');
    const firstFarEnough = async () => {
      for (let index = 0; index < (await rows.count()); index += 1) {
        const href = (await rows.nth(index).getAttribute('href'))!;
        const seen = await seatMapOf(new URL(href, server.baseUrl).searchParams.get('showId')!);
        const ahead = Date.parse(seen.showInfo.startAt) - Date.parse(seen.serverTime);
        if (ahead > 20 * 60_000) return index;
      }
      return -1;
    };
    let pick = await firstFarEnough();
    if (pick < 0) {
      // Late in the evening: tomorrow's shows of the same cinema and film.
      const tomorrow = new URL(page.url());
      tomorrow.searchParams.set('date', chinaDate(1));
      await page.goto(tomorrow.toString());
      await rows.first().waitFor();
      pick = await firstFarEnough();
    }
    expect(pick).toBeGreaterThanOrEqual(0);
    await rows.nth(pick).click();
    await page.waitForURL(/\/cinema\/seat\?showId=/);
    const showId = showIdOf(page);
    await page.locator('[data-seat]').first().waitFor();
    await screenshot(page, 'film-seat-map');

    const map = await seatMapOf(showId);
    const { seats } = findSeats(map, 2, true);
    for (const label of seats.map((seat) => seat.label)) {
      await seatButton(page, label).click();
      await expect.poll(() => seatButton(page, label).getAttribute('aria-pressed')).toBe('true');
    }
    const prices = seats.map(
      (seat) => map.priceAreas.find((area) => area.id === seat.areaId)!.discountPrice,
    );
    const total = ((prices[0]! * 100 + prices[1]! * 100) / 100).toFixed(2);
    await expect.poll(() => page.getByTestId('seat-total').textContent()).toBe(`¥${total}`);
    await screenshot(page, 'film-seat-map-chosen');

    await page.getByRole('button', { name: /确认选座/ }).click();
    await page.waitForURL(/\/cinema\/order\?showId=/);
    expect(showIdOf(page)).toBe(showId);
    // A fresh hold opens on the snack step (decision 029); one tap skips it.
    await page.locator('.snack-card').first().waitFor();
    await screenshot(page, 'film-order-snack-step');
    await page.getByTestId('snack-skip').click();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(`¥${total}`);
    const first = await page.getByTestId('hold-countdown').textContent();
    expect(first).toMatch(/^1[45]:\d\d$/);
    await expect
      .poll(() => page.getByTestId('hold-countdown').textContent(), { timeout: 5_000 })
      .not.toBe(first);
    expect(
      await page.locator('.order-confirm__seats li > span:first-child').allTextContents(),
    ).toEqual(seats.map((seat) => seat.label.replace(/^([A-Z]+)(\d+)$/, '$1排$2座')));
    // Our own hold is not reported as someone else taking the seats.
    expect(await page.getByText('刚被抢走').count()).toBe(0);
    await screenshot(page, 'film-order-confirmation');

    // A reload keeps the order: the server's pending order for the show.
    await page.reload();
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(`¥${total}`);

    // Back on the seat map, the seats our order holds are drawn as ours, not as another's lock.
    const orderUrl = page.url();
    await page.goto(orderUrl.replace('/cinema/order', '/cinema/seat'));
    for (const label of seats.map((seat) => seat.label)) {
      await expect.poll(() => seatButton(page, label).getAttribute('data-state')).toBe('mine');
      expect(await seatButton(page, label).getAttribute('aria-label')).toContain('你的锁定');
    }
    await screenshot(page, 'film-seat-map-own-hold');
    await page.goto(orderUrl);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe(`¥${total}`);

    // When the hold runs out the page says so and offers to choose again (the phone's clock jumps).
    await page.clock.install();
    await page.reload();
    await page.getByTestId('hold-countdown').waitFor();
    await page.clock.fastForward('16:00');
    // The page asks the server what became of the order: room for a busy machine.
    await expect
      .poll(() => page.getByText('订单已超时，座位已释放').count(), { timeout: 10_000 })
      .toBe(1);
    await screenshot(page, 'film-order-expired');
    await page.getByRole('button', { name: '重新选座' }).click();
    await page.waitForURL(/\/cinema\/seat\?showId=/);
    await context.close();
  });

  it('shows seats someone holds as taken to a second person, who cannot choose them', async () => {
    const showId = await smallShow();
    const { seats } = findSeats(await seatMapOf(showId), 2, true);
    await holdAs(
      (await createUser(server.baseUrl)).token,
      showId,
      seats.map((seat) => seat.id),
    );

    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, `/cinema/seat?showId=${showId}`);
    await page.locator('[data-seat]').first().waitFor();
    for (const label of seats.map((seat) => seat.label)) {
      const seat = seatButton(page, label);
      expect(await seat.getAttribute('data-state')).toBe('taken');
      // Held by someone else, in words (decision 023: held and sold are told apart).
      expect(await seat.getAttribute('aria-label')).toContain('他人锁定中');
      expect(await seat.getAttribute('aria-disabled')).toBe('true');
      // A tap anyway (past the disabled state) changes nothing.
      await seat.click({ force: true });
      expect(await seat.getAttribute('aria-pressed')).toBeNull();
    }
    expect(await page.getByTestId('seat-total').count()).toBe(0);
    await context.close();
  });

  it('explains the single-empty-seat rule with its fix instead of holding', async () => {
    const showId = await smallShow();
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, `/cinema/seat?showId=${showId}`);
    await page.locator('[data-seat]').first().waitFor();
    const map = await seatMapOf(showId);
    const { seats, check } = findSeats(map, 1, false);
    const hint = check.ok ? '' : check.violations.find((v) => v.code === 'SINGLE_GAP')!.hint.zh;
    expect(hint).toMatch(/单个空座/);
    await seatButton(page, seats[0]!.label).click();
    await page.getByRole('button', { name: /确认选座/ }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: hint }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/cinema/seat');
    await screenshot(page, 'film-seat-rule-hint');
    await context.close();
  });
  it('reads each seat out in English for an English browser', async () => {
    const showId = await smallShow();
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, `/cinema/seat?showId=${showId}`);
    await page.locator('[data-seat]').first().waitFor();
    const available = page.locator('[data-seat][data-kind="normal"][data-state="available"]');
    expect(await available.first().getAttribute('aria-label')).toMatch(
      /^Row [A-Z]+, Seat \d+, [a-z ]+, ¥\d+\.\d\d, available$/,
    );
    expect(await available.first().getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('group', { name: /^Seat map of / }).count()).toBe(1);
    // Names staff gave in English: the hall, the cinema, the language and the price areas.
    expect(await page.locator('.seat-picker__meta').innerText()).toMatch(
      /(Mandarin|English).*Marquee Cinemas .*(Hall 1|VIP Hall)/,
    );
    const legend = await page.locator('.seat-legend').innerText();
    expect(legend).toContain('Standard');
    expect(legend).toContain('Premium');
    expect(legend).not.toMatch(/普通区|黄金区/);
    await screenshot(page, 'film-seat-map-en');

    // A keyboard reaches the seats: arrows move between them, Space chooses one.
    await available.first().focus();
    const start = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
    await page.keyboard.press('ArrowDown');
    const below = await page.evaluate(() => document.activeElement?.getAttribute('data-seat'));
    expect(below).toBeTruthy();
    expect(below).not.toBe(start);
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-seat'))).toBe(
      start,
    );
    await context.close();
  });

  it('drops a chosen seat that someone else holds meanwhile, and says so', async () => {
    const showId = await smallShow();
    const alex = await (await newPhone(browser)).newPage();
    await signIn(alex, `/cinema/seat?showId=${showId}`);
    await alex.locator('[data-seat]').first().waitFor();
    const { seats } = findSeats(await seatMapOf(showId), 2, true);
    for (const seat of seats) await seatButton(alex, seat.label).click();
    await expect.poll(() => alex.locator('[data-seat][data-state="chosen"]').count()).toBe(2);

    // Another person holds the same two seats.
    const xiaoying = await (await newPhone(browser)).newPage();
    await signIn(xiaoying, `/cinema/seat?showId=${showId}`);
    for (const seat of seats) await seatButton(xiaoying, seat.label).click();
    await xiaoying.getByRole('button', { name: /确认选座/ }).click();
    await xiaoying.waitForURL(/\/cinema\/order\?showId=/);
    const heldLabels = seats.map((seat) => seat.label);

    // Alex's map refreshes within about ten seconds and lets the seats go, with a message.
    await expect
      .poll(() => alex.locator('[data-seat][data-state="chosen"]').count(), { timeout: 15_000 })
      .toBe(0);
    expect(await seatButton(alex, seats[0]!.label).getAttribute('data-state')).toBe('taken');
    await expect
      .poll(() => alex.getByRole('status').filter({ hasText: '刚被抢走' }).count())
      .toBe(1);
    await screenshot(alex, 'film-seat-map-taken-meanwhile');

    // She cancels: after confirming, the seats are free again and she is back on the seat map.
    await xiaoying.getByRole('button', { name: '取消订单' }).click();
    await expectOpaque(xiaoying.getByText('取消订单？'));
    await xiaoying.getByRole('button', { name: '确认取消' }).click();
    await xiaoying.waitForURL(/\/cinema\/seat\?showId=/);
    await expect
      .poll(() => seatButton(xiaoying, heldLabels[0]!).getAttribute('data-state'))
      .toBe('available');
    await alex.context().close();
    await xiaoying.context().close();
  });
});

describe('two people, one pair of seats', () => {
  it('holds the seats for exactly one of two people who tap at the same moment, and tells the other', async () => {
    const showId = await smallShow();
    const { seats } = findSeats(await seatMapOf(showId), 2, true);
    const labels = seats.map((seat) => seat.label);
    const pages = await Promise.all([0, 1].map(async () => (await newPhone(browser)).newPage()));
    for (const page of pages) {
      await signIn(page, `/cinema/seat?showId=${showId}`);
      for (const label of labels) await seatButton(page, label).click();
      await expect.poll(() => page.locator('[data-seat][data-state="chosen"]').count()).toBe(2);
    }

    // Each phone's hold waits at the door until both have been sent, then both go in together.
    let sent = 0;
    let openDoor!: () => void;
    const bothSent = new Promise<void>((resolve) => (openDoor = resolve));
    for (const page of pages) {
      await page.route('**/api/filmOrder/create', async (route) => {
        sent += 1;
        if (sent === 2) openDoor();
        await bothSent;
        await route.continue();
      });
    }
    await Promise.all(pages.map((page) => page.getByRole('button', { name: /确认选座/ }).click()));

    // One is on to its order; the other stays on the map and is told the seats were just taken.
    const outcome = async (page: Page) => {
      if (new URL(page.url()).pathname === '/cinema/order') return 'held';
      const told = await page.getByRole('status').filter({ hasText: '刚刚被别人选走了' }).count();
      return told > 0 ? 'told' : 'waiting';
    };
    await expect
      .poll(async () => (await Promise.all(pages.map(outcome))).sort().join(' '), {
        timeout: 15_000,
      })
      .toBe('held told');
    expect(sent).toBe(2);
    const loser = (await outcome(pages[0]!)) === 'told' ? pages[0]! : pages[1]!;
    expect(new URL(loser.url()).pathname).toBe('/cinema/seat');
    const notice = await loser
      .getByRole('status')
      .filter({ hasText: '刚刚被别人选走了' })
      .textContent();
    expect(labels.some((label) => notice!.includes(seatName(label, 'zh')))).toBe(true);
    await screenshot(loser, 'film-seat-race-lost');

    // The server agrees: the seats are held once, by the winner's order.
    const map = await seatMapOf(showId);
    const states = map.rows
      .flatMap((row) => row.seats)
      .filter((seat) => labels.includes(seat.label))
      .map((seat) => seat.state);
    expect(states).toEqual(['held', 'held']);
    await Promise.all(pages.map((page) => page.context().close()));
  });
});

describe('finding a cinema', () => {
  it('lists cinemas by name with a hint when the location is not shared, and searches them', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, '/home/cinema');
    await expect.poll(() => page.getByTestId('location-hint').count()).toBe(1);
    await page.locator('.cinema-item').first().waitFor();
    await screenshot(page, 'film-cinema-list');

    await page.getByRole('link', { name: /搜影院/ }).click();
    await page.waitForURL(/\/cinema\/search/);
    await screenshot(page, 'film-cinema-search-start');
    await page.getByLabel('搜索影院').fill('人民广场');
    await page.waitForURL(/keyword=/);
    await expect.poll(() => page.locator('.cinema-item').count()).toBe(1);
    expect(await page.locator('.cinema-item__name').textContent()).toContain('人民广场');
    await screenshot(page, 'film-cinema-search-results');
    await page.reload();
    await expect.poll(() => page.locator('.cinema-item').count()).toBe(1);

    await page.getByLabel('搜索影院').fill('火星影城');
    await expect.poll(() => page.getByText('没有找到相关影院').count()).toBe(1);
    await screenshot(page, 'film-cinema-search-none');
    await context.close();
  });

  it('shows the cinemas at once while the location is slow, sorts them when it comes, and starts from it next time', async () => {
    const context = await newPhone(browser);
    // A location that answers only when the test says so (WeChat's takes seconds).
    await context.addInitScript(() => {
      const waiting: PositionCallback[] = [];
      const answer = (latitude: number, longitude: number) => {
        for (const success of waiting.splice(0)) {
          success({
            coords: { latitude, longitude, accuracy: 10 },
            timestamp: Date.now(),
          } as never);
        }
      };
      Object.assign(window, { answerLocation: answer });
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          getCurrentPosition: (success: PositionCallback) => void waiting.push(success),
          watchPosition: () => 0,
          clearWatch: () => undefined,
        },
      });
    });
    const page = await context.newPage();
    await signIn(page, '/home/cinema');
    const locating = page.getByRole('status').filter({ hasText: '正在获取你的位置' });
    await page.locator('.cinema-item').first().waitFor({ timeout: 4_000 });
    expect(await locating.count()).toBe(1);
    expect(await page.locator('.cinema-item__distance').count()).toBe(0);
    await screenshot(page, 'film-cinema-list-locating');

    // Next to the Lujiazui cinema: sorted again, nearest first.
    await page.evaluate(() =>
      (window as unknown as { answerLocation(lat: number, lng: number): void }).answerLocation(
        31.2397,
        121.4998,
      ),
    );
    await expect.poll(() => page.getByText('按距离排序').count()).toBe(1);
    await expect
      .poll(() => page.locator('.cinema-item__name').first().textContent())
      .toContain('陆家嘴');

    // Next visit (search): the remembered location sorts at once, before the fresh one answers.
    await page.goto(`${server.baseUrl}/cinema/search?keyword=${encodeURIComponent('星幕')}`);
    await page.locator('.cinema-item__distance').first().waitFor({ timeout: 4_000 });
    expect(await page.locator('.cinema-item__name').first().textContent()).toContain('陆家嘴');
    await context.close();
  });

  it('sorts cinemas by distance when the location is shared', async () => {
    const context = await newPhone(browser);
    // Next to the Lujiazui cinema.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 31.2397, longitude: 121.4998 });
    const page = await context.newPage();
    await signIn(page, '/home/cinema');
    await expect.poll(() => page.getByText('按距离排序').count()).toBe(1);
    await page.locator('.cinema-item__distance').first().waitFor();
    expect(await page.locator('.cinema-item__name').first().textContent()).toContain('陆家嘴');
    await screenshot(page, 'film-cinema-list-located');
    await context.close();
  });
});

async function apiData<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { site: 'www-test' } });
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

/** A show whose hall has a seat count that `fits`, looked up through the API. */
async function findShow(fits: (seatCount: number) => boolean): Promise<string> {
  const cinemas = await apiData<{ list: { id: string }[] }>('/cinema/list?pageSize=50');
  const seen = new Set<string>();
  for (const cinema of cinemas.list) {
    const detail = await apiData<{ showDates: string[] }>(`/cinema/detail?cinemaId=${cinema.id}`);
    const date = detail.showDates[detail.showDates.length - 1];
    const shows = await apiData<{ films: { shows: { showId: string; hallId: string }[] }[] }>(
      `/cinema/shows?cinemaId=${cinema.id}&date=${date}`,
    );
    for (const show of shows.films.flatMap((film) => film.shows)) {
      if (seen.has(show.hallId)) continue;
      seen.add(show.hallId);
      const map = await seatMapOf(show.showId);
      if (fits(map.rows.reduce((sum, row) => sum + row.seats.length, 0))) return show.showId;
    }
  }
  throw new Error('no show in a hall of that size');
}

/** The seat's size on screen, to tell how far the map is zoomed. */
async function seatWidth(page: Page): Promise<number> {
  const box = await page.locator('[data-seat]').first().boundingBox();
  return box!.width;
}

describe('the seat map of the 500-seat hall on a phone', () => {
  it('opens readable on the best area, zooms with a pinch and a double tap, and pans with a drag', async () => {
    const largeShowId = await findShow((seatCount) => seatCount >= 500);
    const smallShowId = await findShow((seatCount) => seatCount <= 80);

    const context = await newPhone(browser);
    const page = await context.newPage();
    await signIn(page, `/cinema/seat?showId=${largeShowId}`);
    await page.locator('[data-seat]').first().waitFor();
    expect(await page.locator('[data-seat]').count()).toBeGreaterThanOrEqual(500);
    expect(await page.locator('[data-kind="couple-left"]').count()).toBeGreaterThan(0);
    // It opens at a readable scale (18 px seats, not the 9 px of the whole width), centred on the
    // hall's best area, with the minimap saying where that is (decision 023).
    const fitted = await seatWidth(page);
    expect(fitted).toBeGreaterThanOrEqual(17);
    expect(fitted).toBeLessThan(20);
    await expect
      .poll(() => page.getByTestId('seat-minimap').getAttribute('data-visible'))
      .toBe('true');
    await screenshot(page, 'film-seat-map-large');

    // Pinch out with two fingers in the middle of the map.
    const map = (await page.getByTestId('seat-map').boundingBox())!;
    const cx = map.x + map.width / 2;
    const cy = map.y + map.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    // Nothing inside the seat layer changes while the fingers move: only its transform does.
    await page.evaluate(() => {
      const state = window as unknown as { seatMutations: number };
      const layer = document.querySelector('.seat-map__content')!;
      state.seatMutations = 0;
      new MutationObserver((records) => {
        state.seatMutations += records.filter((record) => record.target !== layer).length;
      }).observe(layer, { subtree: true, childList: true, attributes: true });
    });
    await touch('touchStart', 20);
    for (let spread = 30; spread <= 120; spread += 10) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect.poll(() => seatWidth(page)).toBeGreaterThan(fitted * 1.5);
    expect(
      await page.evaluate(() => (window as unknown as { seatMutations: number }).seatMutations),
    ).toBe(0);
    await screenshot(page, 'film-seat-map-large-zoomed');

    // A one-finger drag pans: the first seat moves with the finger.
    const before = (await page.locator('[data-seat]').nth(40).boundingBox())!;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: cx, y: cy, id: 3 }],
    });
    for (let dx = 10; dx <= 80; dx += 10) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: cx + dx, y: cy + dx / 2, id: 3 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const after = (await page.locator('[data-seat]').nth(40).boundingBox())!;
    expect(Math.round(after.x - before.x)).not.toBe(0);
    // The drag did not choose anything.
    expect(await page.locator('[data-seat][data-state="chosen"]').count()).toBe(0);

    // Back to the opening view, then a double tap beside the seats zooms in around it.
    await page.reload();
    await page.locator('[data-seat]').first().waitFor();
    await expect.poll(() => seatWidth(page)).toBeLessThan(20);
    // On the row letters' strip: the hall itself, not a seat (a large hall opens with seats under
    // the whole viewport).
    const tapAt = { x: map.x + 12, y: cy };
    for (let tap = 0; tap < 2; tap += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ ...tapAt, id: 10 + tap }],
      });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    }
    await expect.poll(() => seatWidth(page)).toBeGreaterThan(fitted * 1.5);
    expect(await page.locator('[data-seat][data-state="chosen"]').count()).toBe(0);

    // Row labels stay on screen while panning.
    const label = (await page.locator('.seat-map__row-label').first().boundingBox())!;
    expect(label.x).toBeGreaterThanOrEqual(0);
    expect(label.x).toBeLessThan(10);

    // A small hall fits the phone at full size.
    await page.goto(`${server.baseUrl}/cinema/seat?showId=${smallShowId}`);
    await page.locator('[data-seat]').first().waitFor();
    expect(await seatWidth(page)).toBeGreaterThanOrEqual(24);
    await screenshot(page, 'film-seat-map-small');
    await context.close();
  });
});
