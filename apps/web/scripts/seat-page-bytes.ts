/**
 * Bytes over the wire of the seat page (`npm run bench:seatpage [webDist]`, after `npm run build`):
 * Chromium opens the seat page of a 574-seat demo show (IMAX巨幕厅) on a phone, then opens it
 * again with the cache warm (a new navigation, as a moviegoer coming back), again after the
 * layout's max-age (61 s later; `SEATPAGE_STALE=0` skips it), then refreshes the availability
 * once (the page regains focus). Counts, per step, the encoded bytes received
 * (headers and body, Chrome's `encodedDataLength`) of each API call, read through the devtools
 * protocol, with its status and whether the browser's cache answered it. The stream
 * (`/show/availability/stream`) is left out: it stays open. `webDist` serves another build of the
 * web app (the one before a change, to compare).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '../e2e/support/server';

const webDist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Call {
  url: string;
  status: number;
  fromCache: boolean;
  /** Everything received: headers and the (encoded) body. */
  bytes: number;
  headerBytes: number;
}

async function get<T>(baseUrl: string, url: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${url}`, { headers: { site: 'www-test' } });
  return ((await response.json()) as { data: T }).data;
}

/** Tomorrow's first show in the demo's 574-seat hall (IMAX巨幕厅). */
async function bigShow(baseUrl: string): Promise<string> {
  const cinemas = await get<{ list: { id: string }[] }>(baseUrl, '/cinema/list');
  for (const cinema of cinemas.list) {
    const detail = await get<{ showDates: string[]; halls: { name: string; seatCount: number }[] }>(
      baseUrl,
      `/cinema/detail?cinemaId=${cinema.id}`,
    );
    const hall = detail.halls.find((candidate) => candidate.name === 'IMAX巨幕厅');
    if (!hall) continue;
    const shows = await get<{ films: { shows: { showId: string; hallName: string }[] }[] }>(
      baseUrl,
      `/cinema/shows?cinemaId=${cinema.id}&date=${detail.showDates[1]}`,
    );
    const show = shows.films
      .flatMap((film) => film.shows)
      .find((candidate) => candidate.hallName === hall.name);
    if (show) return show.showId;
  }
  throw new Error('no show in a 574-seat hall');
}

/** Every API call the page makes while `step` runs, with the bytes Chrome received for it. */
async function recordCalls(cdp: CDPSession, step: () => Promise<void>): Promise<Call[]> {
  const calls = new Map<string, Call>();
  const onResponse = (event: {
    requestId: string;
    response: { url: string; status: number; fromDiskCache?: boolean; encodedDataLength: number };
  }) => {
    const { url, status, fromDiskCache, encodedDataLength } = event.response;
    if (!url.includes('/api/') || url.includes('/stream')) return;
    const fromCache = fromDiskCache === true;
    calls.set(event.requestId, {
      url,
      status,
      fromCache,
      bytes: 0,
      headerBytes: encodedDataLength,
    });
  };
  const onCached = (event: { requestId: string }) => {
    const call = calls.get(event.requestId);
    if (call) call.fromCache = true;
  };
  // The status on the wire (a revalidated answer is a 304 there, a 200 from the cache to the page).
  const onExtraInfo = (event: { requestId: string; statusCode: number }) => {
    wireStatus.set(event.requestId, event.statusCode);
  };
  const wireStatus = new Map<string, number>();
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const call = calls.get(event.requestId);
    if (call) call.bytes = event.encodedDataLength;
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.responseReceivedExtraInfo', onExtraInfo);
  await step();
  // Let the last answers finish arriving: no new API call for a second.
  let seen = -1;
  while (seen !== calls.size) {
    seen = calls.size;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.requestServedFromCache', onCached);
  cdp.off('Network.loadingFinished', onFinished);
  cdp.off('Network.responseReceivedExtraInfo', onExtraInfo);
  for (const [requestId, call] of calls) call.status = wireStatus.get(requestId) ?? call.status;
  return [...calls.values()];
}

function report(name: string, calls: Call[]) {
  const isSeatMap = (call: Call) => /\/api\/show\/(seats|layout|availability)\?/.test(call.url);
  const sum = (list: Call[]) => list.reduce((total, call) => total + call.bytes, 0);
  console.log(`\n${name}`);
  for (const call of calls) {
    const { pathname } = new URL(call.url);
    const cached = call.fromCache ? ' (from cache)' : '';
    const body = `body ${Math.max(0, call.bytes - call.headerBytes)} B`;
    console.log(
      `  ${pathname.padEnd(32)} ${String(call.status).padEnd(4)} ${call.bytes} B (${body})${cached}`,
    );
  }
  console.log(
    `  seat-map calls: ${sum(calls.filter(isSeatMap))} B; all API calls: ${sum(calls)} B`,
  );
}

async function openSeatPage(page: Page, baseUrl: string, showId: string) {
  await page.goto(`${baseUrl}/cinema/seat?showId=${showId}`);
  await page.locator('[data-seat]').first().waitFor();
}

async function main() {
  const server = await startServer(webDist ? { WEB_DIST: webDist } : {});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const showId = await bigShow(server.baseUrl);
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    // Signed in first, as the page is opened from a show list.
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(/\/sandbox\/connect\/oauth2\/authorize/);
    await page.getByRole('button', { name: 'Alex', exact: true }).click();
    await page.waitForURL(
      (url) => !url.pathname.startsWith('/sandbox/') && !url.searchParams.has('code'),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await recordCalls(cdp, async () => {}); // the home page's own calls

    console.log(`web app: ${webDist ?? path.resolve(here, '../dist')}; show ${showId} (574 seats)`);
    report('first open', await recordCalls(cdp, () => openSeatPage(page, server.baseUrl, showId)));
    await recordCalls(cdp, async () => {
      await page.goto(`${server.baseUrl}/`);
    });
    report(
      'reopen, cache warm',
      await recordCalls(cdp, () => openSeatPage(page, server.baseUrl, showId)),
    );
    if (process.env.SEATPAGE_STALE !== '0') {
      // Past the layout's max-age (60 s): the browser revalidates it with its ETag.
      await recordCalls(cdp, async () => {
        await page.goto(`${server.baseUrl}/`);
      });
      await new Promise((resolve) => setTimeout(resolve, 61_000));
      report(
        'reopen after 61 s (layout revalidated)',
        await recordCalls(cdp, () => openSeatPage(page, server.baseUrl, showId)),
      );
    }
    report(
      'one availability refresh (focus)',
      await recordCalls(cdp, async () => {
        // What TanStack Query's focus manager listens to when a phone comes back to the page.
        await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
