import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { holdTwoSeats } from './support/api';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * Details of the moviegoer's journey: a location that does not come in time (not a refusal, and
 * no layout shift), and the snack step under the summary of what is being bought.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a location that does not come in time', () => {
  it('says so and offers to try again, without moving the list (CLS 0)', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const context = await newPhone(browser, { locale });
      await context.addInitScript(() => {
        // Allowed, but never answering in time (WeChat's can take seconds).
        Object.defineProperty(navigator, 'geolocation', {
          configurable: true,
          value: {
            getCurrentPosition: () => undefined,
            watchPosition: () => 0,
            clearWatch: () => undefined,
          },
        });
        const shifts: number[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
            if (!shift.hadRecentInput) shifts.push(shift.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      await signInFresh(page, server.baseUrl, '/home/cinema');
      const first = page.locator('.cinema-item').first();
      await first.waitFor();
      const topBefore = (await first.boundingBox())!.y;
      const shiftsBefore = await page.evaluate(() =>
        (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
      );
      const late = page.getByTestId('location-late');
      await late.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('location-hint').count()).toBe(0);
      expect(await late.textContent()).toBe(
        locale === 'en-US' ? 'No location yet: sorted by name' : '没能及时获取位置，先按名称排序',
      );
      expect((await first.boundingBox())!.y).toBe(topBefore);
      const shiftsAfter = await page.evaluate(() =>
        (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
      );
      expect(shiftsAfter - shiftsBefore).toBe(0);
      const retry = page.getByRole('button', { name: locale === 'en-US' ? 'Try again' : '重试' });
      expect((await retry.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, `details-location-late-${locale}`);
      await retry.click();
      await expect
        .poll(() => page.getByTestId('location-line').textContent())
        .toBe(locale === 'en-US' ? 'Finding your location…' : '正在获取你的位置…');
      expect((await first.boundingBox())!.y).toBe(topBefore);
      await context.close();
    }
  });
});

describe('the snack step', () => {
  it('shows film, cinema, time, seats and their total above the snacks, with the countdown', async () => {
    for (const locale of ['zh-CN', 'en-US']) {
      const context = await newPhone(browser, { locale });
      const page = await context.newPage();
      const { token } = await signInFresh(page, server.baseUrl, '/home/index');
      const order = await holdTwoSeats(server.baseUrl, token);
      await page.goto(`${server.baseUrl}/cinema/order?showId=${order.showInfo.showId}`);
      await page.getByTestId('snacks-change').click();
      const step = page.getByTestId('snack-step');
      await step.waitFor();
      const summary = page.getByTestId('order-summary');
      expect(await page.getByTestId('hold-countdown').count()).toBe(1);
      expect(await summary.textContent()).toContain(order.showInfo.filmTitle);
      expect(await page.getByTestId('tickets-total').textContent()).toBe(
        `¥${formatYuan(yuanToFen(order.total))}`,
      );
      expect((await summary.boundingBox())!.y).toBeLessThan((await step.boundingBox())!.y);
      await untilStill(step);
      await screenshot(page, `details-snack-step-${locale}`);
      // Leaving the held order asks first; staying keeps the page.
      await page.getByRole('button', { name: locale === 'en-US' ? 'Back' : '返回' }).click();
      const stay = page.getByRole('button', {
        name: locale === 'en-US' ? 'Stay and pay' : '继续支付',
      });
      await stay.waitFor();
      await untilStill(page.locator('.adm-dialog-body'));
      await screenshot(page, `details-leave-warning-${locale}`);
      await stay.click();
      await expect.poll(() => stay.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/cinema/order');
      await context.close();
    }
  });
});
