import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { consoleSignIn, desktop, requireConsoleBuild } from './support/console';
import { startServer, type RunningServer } from './support/server';

/**
 * Cinemas and halls in the console at 1366×768: a manager paints a new hall's seat layout and
 * sees the moviegoers' preview follow every stroke, then opens a demo hall's layout; the owner
 * adds a cinema.
 */
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

/** Picks a brush of the layout editor's toolbar. */
const brush = (dialog: ReturnType<Page['getByRole']>, name: string) =>
  dialog
    .locator('.ant-radio-button-wrapper')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

describe('cinemas and halls in the staff console', () => {
  it('a manager creates a hall with a small painted layout and sees the preview', async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    const hallName = `E2E厅${Date.now() % 100000}`;

    await consoleSignIn(page, server.baseUrl, 'manager', 'manager2026');
    await page.getByTestId('console-menu').getByText('影城与影厅').click();
    await page.waitForURL(/\/console\/cinemas$/);
    await page.getByText('星幕影城（人民广场店） 的影厅').waitFor();
    // A manager keeps their cinema but does not open new ones.
    expect(await page.getByRole('button', { name: '新增影城' }).count()).toBe(0);
    await screenshot(page, 'console-cinemas');

    await page.getByRole('button', { name: '新增影厅' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('影厅名称').fill(hallName);
    // English names are optional; one with Chinese characters is refused as typed.
    await drawer.getByLabel('英文名称', { exact: true }).fill('一号厅');
    await drawer.getByLabel('英文名称（可选） 1').fill('标准');
    expect(await drawer.getByText('英文名称不能含中文字符或全角标点').count()).toBe(1);
    await drawer.getByLabel('英文名称', { exact: true }).fill('Hall E2E');
    await drawer.getByLabel('英文名称（可选） 1').fill('Standard');
    expect(await drawer.getByText('英文名称不能含中文字符或全角标点').count()).toBe(0);
    await drawer.getByLabel('排数').fill('4');
    await drawer.getByLabel('列数').fill('6');
    await drawer.getByLabel('列数').press('Tab');
    const preview = drawer.getByTestId('layout-preview');
    const seats = preview.locator('.preview-seat[data-label]');
    await expect.poll(() => seats.count()).toBe(24);

    // An aisle down the third column, a couple pair, a wheelchair space and a broken seat.
    await brush(drawer, '过道');
    for (let y = 0; y < 4; y += 1) await drawer.getByTestId(`cell-${y}-2`).click();
    await brush(drawer, '情侣座');
    await drawer.getByTestId('cell-3-0').click();
    await brush(drawer, '轮椅位');
    await drawer.getByTestId('cell-0-0').click();
    await brush(drawer, '损坏');
    await drawer.getByTestId('cell-1-5').click();

    await expect.poll(() => seats.count()).toBe(20);
    expect(await preview.locator('[data-label][data-kind="couple-left"]').count()).toBe(1);
    expect(await preview.locator('[data-label][data-kind="wheelchair"]').count()).toBe(1);
    expect(await preview.locator('[data-label="B5"]').getAttribute('data-kind')).toBe(
      'unavailable',
    );
    // Seats are numbered past the aisle as moviegoers see them: A3 is the fourth cell.
    expect(await preview.locator('[data-label="A3"]').count()).toBe(1);
    expect(await drawer.getByTestId('preview-summary').innerText()).toContain('可售 19 座');
    expect(await drawer.getByText('座位图可以保存').count()).toBe(1);
    await screenshot(page, 'console-hall-editor-new');

    await drawer.getByRole('button', { name: '创建影厅' }).click();
    await expect.poll(() => drawer.isVisible(), ROUND_TRIP).toBe(false);
    const row = page.locator('.ant-table-row').filter({ hasText: hallName });
    await expect.poll(() => row.count(), ROUND_TRIP).toBe(1);
    expect(await row.innerText()).toContain('第 1 版');
    expect(await row.innerText()).toContain('Hall E2E');

    // Renaming shows both names; the English one can be changed there.
    await row.getByRole('button', { name: '改名' }).click();
    const renameDialog = page.getByRole('dialog', { name: '影厅改名' });
    expect(await renameDialog.getByLabel('英文名称').inputValue()).toBe('Hall E2E');
    await renameDialog.getByLabel('英文名称').fill('Hall Aurora');
    await screenshot(page, 'console-hall-rename');
    await renameDialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row.innerText(), ROUND_TRIP).toContain('Hall Aurora');
    expect(await row.innerText()).toContain('19');

    // A demo hall opens with its version note; painting over half a couple leaves a plain seat.
    await page
      .locator('.ant-table-row')
      .filter({ hasText: 'IMAX巨幕厅' })
      .getByRole('button', { name: '编辑座位图' })
      .click();
    const editor = page.getByRole('dialog');
    await editor.getByTestId('layout-grid').waitFor();
    expect(await editor.innerText()).toContain('保存后新排的场次使用第 2 版');
    await brush(editor, '过道');
    await editor.getByTestId('cell-20-1').click();
    await expect.poll(() => editor.getByTestId('layout-problems').count(), ROUND_TRIP).toBe(0);
    await screenshot(page, 'console-hall-editor-imax');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the owner adds a cinema', async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    const name = `星幕影城（E2E${Date.now() % 100000}店）`;
    await consoleSignIn(page, server.baseUrl, 'owner', 'owner2026');
    await page.getByTestId('console-menu').getByText('影城与影厅').click();
    await page.getByRole('button', { name: '新增影城' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('影城名称').fill(name);
    await dialog.getByLabel('英文名称').fill('Marquee E2E');
    await dialog.getByLabel('地址', { exact: true }).fill('上海市静安区南京西路 1 号');
    await dialog.getByLabel('英文地址').fill('1 West Nanjing Road, Shanghai');
    await dialog.getByLabel('电话').fill('021-12345678');
    await dialog.getByLabel('纬度（gcj02）').fill('31.229');
    await dialog.getByLabel('经度（gcj02）').fill('121.452');
    await screenshot(page, 'console-cinema-form');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.isVisible(), ROUND_TRIP).toBe(false);
    await expect
      .poll(() => page.locator('.ant-table-row').filter({ hasText: name }).count(), ROUND_TRIP)
      .toBe(1);
    await context.close();
  });
});
