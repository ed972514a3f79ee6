import { chromium, type CDPSession, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium';

/**
 * The seat map under a 4× slower CPU (CDP `Emulation.setCPUThrottlingRate`), in Debian's Chromium
 * at phone size: how long a tapped seat takes to show its new state, and the frame intervals while
 * a finger drags the map and two fingers pinch it.
 */
export interface SeatMapTimings {
  tapMs: number[];
  panFrameMs: number[];
  pinchFrameMs: number[];
}

const CPU_SLOWDOWN = 4;
const TAPS = 10;

export async function measureSeatMap(seatUrl: string): Promise<SeatMapTimings> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    // tsx keeps function names with a `__name` helper the page does not have.
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(seatUrl);
    await page.locator('[data-seat]').first().waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const map = (await page.getByTestId('seat-map').boundingBox())!;
    const centre = { x: map.x + map.width / 2, y: map.y + map.height / 2 };

    // The first tap on a large hall zooms in to readable seats (as Maoyan does): take it and its
    // undo before measuring, so every measured tap is a plain choose or unchoose.
    const warmUp = await availableSeatNear(page, centre);
    await tapSeat(page, cdp, warmUp);
    await tapSeat(page, cdp, warmUp);

    const tapMs: number[] = [];
    for (let index = 0; tapMs.length < TAPS; index += 1) {
      const seat = await availableSeatNear(page, centre, index);
      tapMs.push(await tapSeat(page, cdp, seat)); // choose
      tapMs.push(await tapSeat(page, cdp, seat)); // and unchoose, so the count limit never bites
    }

    const panFrameMs = await framesDuring(page, async () => {
      await touch(cdp, 'touchStart', [{ x: centre.x, y: centre.y, id: 1 }]);
      for (let step = 1; step <= 30; step += 1) {
        const dx = Math.sin((step / 30) * Math.PI * 2) * 80;
        await touch(cdp, 'touchMove', [{ x: centre.x + dx, y: centre.y + step * 2, id: 1 }]);
      }
      await touch(cdp, 'touchEnd', []);
    });
    const pinchFrameMs = await framesDuring(page, async () => {
      const fingers = (spread: number) => [
        { x: centre.x - spread, y: centre.y, id: 2 },
        { x: centre.x + spread, y: centre.y, id: 3 },
      ];
      await touch(cdp, 'touchStart', fingers(20));
      for (let spread = 25; spread <= 140; spread += 5) {
        await touch(cdp, 'touchMove', fingers(spread));
      }
      for (let spread = 135; spread >= 40; spread -= 5) {
        await touch(cdp, 'touchMove', fingers(spread));
      }
      await touch(cdp, 'touchEnd', []);
    });
    await context.close();
    return { tapMs, panFrameMs, pinchFrameMs };
  } finally {
    await browser.close();
  }
}

type TouchPoint = { x: number; y: number; id: number };

async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  touchPoints: TouchPoint[],
) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
}

/** The label of the `skip`-th available seat nearest to `point` that is wholly on screen. */
async function availableSeatNear(
  page: Page,
  point: { x: number; y: number },
  skip = 0,
): Promise<string> {
  const label = await page.evaluate(
    ({ point, skip }) => {
      const viewport = document.querySelector('[data-testid="seat-map"]')!.getBoundingClientRect();
      const seats = [
        ...document.querySelectorAll<HTMLElement>('[data-seat][data-state="available"]'),
      ]
        .map((seat) => ({ seat, box: seat.getBoundingClientRect() }))
        .filter(
          ({ box }) =>
            box.left > viewport.left + 30 &&
            box.right < viewport.right - 100 &&
            box.top > viewport.top + 10 &&
            box.bottom < viewport.bottom - 10,
        )
        .map(({ seat, box }) => ({
          label: seat.dataset.seat!,
          distance: Math.hypot(box.x - point.x, box.y - point.y),
        }))
        .sort((a, b) => a.distance - b.distance);
      return seats[skip]?.label;
    },
    { point, skip },
  );
  if (!label) throw new Error('no available seat on screen to tap');
  return label;
}

/**
 * Tap a seat with a finger and time it: from the touch's pointerdown to the first frame after its
 * state changed (a frame callback, then a task: the paint happens between them).
 */
async function tapSeat(page: Page, cdp: CDPSession, label: string): Promise<number> {
  const box = (await page.locator(`[data-seat="${label}"]`).boundingBox())!;
  const timing = page.evaluate(
    (label) =>
      new Promise<number>((resolve, reject) => {
        const seat = document.querySelector<HTMLElement>(`[data-seat="${label}"]`)!;
        const before = seat.dataset.state;
        let downAt = 0;
        window.addEventListener('pointerdown', (event) => (downAt = event.timeStamp), {
          capture: true,
          once: true,
        });
        const timer = setTimeout(() => reject(new Error(`seat ${label} did not change`)), 20_000);
        const observer = new MutationObserver(() => {
          const now = document.querySelector<HTMLElement>(`[data-seat="${label}"]`);
          if (now?.dataset.state === before) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              clearTimeout(timer);
              resolve(performance.now() - downAt);
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.querySelector('.seat-map__content')!, {
          subtree: true,
          attributes: true,
          attributeFilter: ['data-state'],
          childList: true,
        });
      }),
    label,
  );
  // Let the observer be in place before the finger comes down.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2, id: 9 };
  await touch(cdp, 'touchStart', [at]);
  await touch(cdp, 'touchEnd', []);
  const ms = await timing;
  // Apart enough that two taps are never read as a double tap.
  await page.waitForTimeout(450);
  return ms;
}

/** Intervals between the frames painted while `gesture` runs. */
async function framesDuring(page: Page, gesture: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const state = window as unknown as { benchFrames: number[]; benchFramesOn: boolean };
    state.benchFrames = [];
    state.benchFramesOn = true;
    const tick = (at: number) => {
      state.benchFrames.push(at);
      if (state.benchFramesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await gesture();
  const frames = await page.evaluate(() => {
    const state = window as unknown as { benchFrames: number[]; benchFramesOn: boolean };
    state.benchFramesOn = false;
    return state.benchFrames;
  });
  return frames.slice(1).map((at, index) => at - frames[index]!);
}
