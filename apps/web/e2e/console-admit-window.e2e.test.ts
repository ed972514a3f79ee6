import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild, staffApi } from './support/console';
import { startServer, type RunningServer } from './support/server';

/**
 * The door's admit window on the cinemas page (1366×768): a manager reads the two sentences with
 * the site's numbers, changes them, and the server holds the new window; a fraction is not sent.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the admit window', () => {
  it('is read and saved in sentences by a manager', async () => {
    const manager = await staffApi(server.baseUrl, 'manager', 'manager2026');
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.goto(`${server.baseUrl}/console/cinemas`);

    const card = page.getByTestId('admit-window');
    await poll(() => page.getByTestId('admit-admitBeforeMinutes').inputValue()).toBe('60');
    const text = await card.innerText();
    expect(text).toContain('开场前');
    expect(text).toContain('分钟起可检票');
    expect(text).toContain('分钟内仍可检票');

    const before = page.getByTestId('admit-admitBeforeMinutes');
    const after = page.getByTestId('admit-admitAfterMinutes');
    await before.fill('45');
    await after.fill('20');
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/console/checkin/admit-window') &&
        response.request().method() === 'POST',
    );
    await page.getByTestId('admit-save').click();
    await saved;
    await poll(() => page.getByText('检票时间已保存').count()).toBeGreaterThan(0);
    expect(await manager.call('GET', '/console/checkin/admit-window')).toEqual({
      admitBeforeMinutes: 45,
      admitAfterMinutes: 20,
    });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );
    await screenshot(page, 'console-admit-window');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
