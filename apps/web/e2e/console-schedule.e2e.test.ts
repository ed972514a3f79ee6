import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { chinaDate, desktop as desktopOf, pickDate, requireConsoleBuild } from './support/console';
import { signInFresh } from './support/login';
import { gradientPng } from './support/png';
import { startServer, type RunningServer } from './support/server';

/**
 * The manager's films and schedule in the console at 1366×768, and the moviegoer seeing what was
 * scheduled, against the real server and the demo data.
 */

/** Waits after a server round trip (the e2e README: a busy two-core machine is slow). */
const ROUND_TRIP = { timeout: 10_000 };

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

const desktop = () => desktopOf(browser);

describe('films and schedule in the staff console', () => {
  it('the manager adds a film and schedules it; a moviegoer then sees the show', async () => {
    const context = await desktop();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const title = `午夜列车 ${Date.now() % 100000}`;

    await page.goto(`${server.baseUrl}/console/sign-in`);
    await page.getByLabel('用户名').fill('manager');
    await page.getByLabel('密码').fill('manager2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/console\/?$/);

    // Films: add one, then give it a poster.
    await page.getByTestId('console-menu').getByText('影片').click();
    await page.waitForURL(/\/console\/films$/);
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: '新增影片' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('片名').fill(title);
    await drawer.getByLabel('片长（分钟）').fill('100');
    await pickDate(page, '上映日期', chinaDate(0));
    await drawer.getByLabel('导演').fill('林导演');
    await drawer.getByLabel('剧情简介').fill('末班车上，七个陌生人与一个秘密。');
    await drawer.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => drawer.getByText('编辑影片').count(), ROUND_TRIP).toBe(1);
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: gradientPng(270, 380),
    });
    await expect.poll(() => page.getByText('海报已上传').count(), ROUND_TRIP).toBeGreaterThan(0);
    await screenshot(page, 'console-film-drawer');
    await drawer.getByRole('button', { name: '取消' }).click();
    await expect.poll(() => drawer.isVisible(), ROUND_TRIP).toBe(false);
    await expect
      .poll(() => page.getByRole('cell', { name: title }).count(), ROUND_TRIP)
      .toBeGreaterThan(0);
    await screenshot(page, 'console-films');

    // Schedule: the film at 03:00 tomorrow (after the demo's last show, before its first).
    await page.getByTestId('console-menu').getByText('排片').click();
    await page.waitForURL(/\/console\/schedule$/);
    await page.getByTestId('show-block').first().waitFor();
    await page.getByRole('button', { name: '新增场次' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('影片').click();
    await dialog.getByLabel('影片').fill(title.slice(0, 4));
    await page.locator('.ant-select-item-option').filter({ hasText: title }).click();
    const day = chinaDate(1);
    // First a time that clashes with a demo show: refused beside the start time, naming it.
    await pickDate(page, '开始时间', `${day} 19:00`);
    const priceInputs = dialog.locator('.ant-input-number-input');
    const count = await priceInputs.count();
    for (let i = 0; i < count; i += 2) {
      await priceInputs.nth(i).fill('58');
      await priceInputs.nth(i + 1).fill('45');
    }
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.getByText('时间重叠').count(), ROUND_TRIP).toBe(1);
    await screenshot(page, 'console-schedule-overlap');
    await pickDate(page, '开始时间', `${day} 03:00`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.isVisible(), ROUND_TRIP).toBe(false);
    const block = page.getByTestId('show-block').filter({ hasText: title });
    await expect.poll(() => block.count(), ROUND_TRIP).toBe(1);
    expect(await block.innerText()).toContain('03:00–04:40');
    await screenshot(page, 'console-schedule');
    // Cancelling asks for a reason and says how many tickets it refunds (none sold here).
    await block.getByRole('button', { name: '操作' }).click();
    await page.getByRole('menuitem', { name: '取消场次' }).click();
    await expect
      .poll(() => page.getByTestId('cancel-warning').innerText(), ROUND_TRIP)
      .toContain('没有已售出的票');
    await untilStill(page.getByRole('dialog'));
    await expect
      .poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count(), ROUND_TRIP)
      .toBe(0);
    await screenshot(page, 'console-schedule-cancel');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);

    // The moviegoer's app lists the show at that cinema on that day.
    const cinemas = (await (
      await fetch(`${server.baseUrl}/api/cinema/list?pageSize=50`, {
        headers: { site: 'www-test' },
      })
    ).json()) as { data: { list: { id: string; name: string }[] } };
    const cinema = cinemas.data.list.find((c) => c.name.includes('人民广场'))!;
    const films = (await (
      await fetch(`${server.baseUrl}/api/film/list?status=showing`, {
        headers: { site: 'www-test' },
      })
    ).json()) as { data: { list: { id: string; title: string }[] } };
    const film = films.data.list.find((f) => f.title === title)!;
    const phone = await newPhone(browser);
    const moviegoer = await phone.newPage();
    await signInFresh(
      moviegoer,
      server.baseUrl,
      `/cinema/detail?cinemaId=${cinema.id}&filmId=${film.id}&date=${day}`,
    );
    const row = moviegoer.locator('.show-row').filter({ hasText: '03:00' });
    await expect.poll(() => row.count(), ROUND_TRIP).toBe(1);
    await screenshot(moviegoer, 'console-schedule-moviegoer');
    await phone.close();
    await context.close();
  });
});
