import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { startServer, type RunningServer } from './support/server';

/**
 * Nothing lost by a keystroke, at 1366×768: a film drawer with typing asks before Esc discards it;
 * the layout editor paints a rectangle on drag, undoes it with Ctrl+Z and asks before closing;
 * copying shows across days shows a preview before anything is created.
 */
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

const ASKED = '放弃未保存的修改？';

describe('the console keeps what staff typed', () => {
  it('asks before Esc, 取消 or the layout editor close discard changes; undoes a painted rectangle', async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');

    // The film drawer: untouched, Esc closes; with a title typed, Esc asks and keeps the typing.
    await page.goto(`${server.baseUrl}/console/films`);
    await page.getByRole('button', { name: '新增影片' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByLabel('片名').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.getByRole('button', { name: '新增影片' }).click();
    await drawer.getByLabel('片名').fill('未保存的片名');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-confirm-title', { hasText: ASKED }).waitFor();
    await screenshot(page, 'console-film-drawer-discard');
    await page.getByRole('button', { name: '继续编辑' }).click();
    expect(await drawer.getByLabel('片名').inputValue()).toBe('未保存的片名');
    await drawer.getByRole('button', { name: '取消' }).click();
    await page.getByRole('button', { name: '放弃修改' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // The layout editor: a drag paints the rectangle; Ctrl+Z gives it back; closing asks.
    await page.goto(`${server.baseUrl}/console/cinemas`);
    await page.getByRole('button', { name: '新增影厅' }).click();
    const editor = page.getByRole('dialog');
    await editor
      .locator('.ant-radio-button-wrapper')
      .filter({ hasText: /^过道$/ })
      .click();
    const from = await editor.getByTestId('cell-1-1').boundingBox();
    const to = await editor.getByTestId('cell-3-4').boundingBox();
    await page.mouse.move(from!.x + 5, from!.y + 5);
    await page.mouse.down();
    await page.mouse.move(to!.x + 5, to!.y + 5, { steps: 6 });
    await page.mouse.up();
    const aisles = editor.locator('.layout-cell[data-kind="aisle"]');
    await expect.poll(() => aisles.count()).toBe(12);
    await screenshot(page, 'console-layout-rectangle');
    await page.keyboard.press('Control+z');
    await expect.poll(() => aisles.count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => aisles.count()).toBe(12);
    await editor.getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => aisles.count()).toBe(0);
    await editor.getByRole('button', { name: '重做' }).click();
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-modal-confirm-title', { hasText: ASKED }).waitFor();
    await screenshot(page, 'console-layout-discard');
    await page.getByRole('button', { name: '放弃修改' }).click();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('previews a copy of a day across a range before creating anything', async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.goto(`${server.baseUrl}/console/schedule`);
    await page.getByRole('button', { name: '复制排片' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '复制范围' });
    await dialog.waitFor();
    await screenshot(page, 'console-copy-form');
    // A week moves the target a week on.
    await dialog.locator('.ant-radio-wrapper').filter({ hasText: '一周' }).click();
    const from = await dialog.getByLabel('从（来源日期）').inputValue();
    const to = await dialog.getByLabel('到（目标日期）').inputValue();
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(7);
    await dialog.locator('.ant-radio-wrapper').filter({ hasText: '一天' }).click();
    await dialog.getByRole('button', { name: '预览' }).click();
    const outcome = page.getByTestId('copy-outcome');
    // A whole day of every hall checked against the target day: slow on a busy machine.
    await outcome.waitFor({ timeout: 45_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'console-copy-preview-failed');
      throw error;
    });
    expect(await outcome.innerText()).toMatch(
      /将新建 \d+ 场，跳过 \d+ 场（尚未保存）|没有可以新建的场次/,
    );
    await screenshot(page, 'console-copy-preview');
    await context.close();
  });
});
