import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  checkSeatSelection,
  seatName,
  takenSeatIdsOf,
  type CallAnswer,
  type showSeatsCall,
} from '@marquee/contracts';
import { moviegoerApi, payByWechat, type MoviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { signInFresh, tokenOf } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * 我的 → 消息 on a phone, on the sandbox site: consent to the notices with the page's own button
 * (WeChat's wx-open-subscribe takes its place inside WeChat), pay an order, and read the message.
 */
let server: RunningServer;
let browser: Browser;
let api: MoviegoerApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = moviegoerApi(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}

/** Two free seats side by side of a show tomorrow (China time). */
async function heldOrder(token: string): Promise<string> {
  const cinemas = await api<{ list: { id: string }[] }>('/cinema/list?pageSize=50');
  const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
  const day = await api<{ films: { shows: { showId: string }[] }[] }>(
    `/cinema/shows?cinemaId=${cinemas.list[0]!.id}&date=${tomorrow}`,
  );
  for (const { showId } of day.films.flatMap((film) => film.shows)) {
    const map = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${showId}`);
    const taken = takenSeatIdsOf(map);
    for (const row of map.rows) {
      for (const seat of row.seats) {
        const next = row.seats.find((s) => s.x === seat.x + 1);
        if (!next || [seat, next].some((s) => s.kind !== 'normal' || s.state !== 'available')) {
          continue;
        }
        const pick = [seat.id, next.id];
        if (!checkSeatSelection(map, taken, pick, map.maxSeatsPerOrder).ok) continue;
        const order = await api<{ id: string }>('/filmOrder/create', {
          token,
          body: { showId, seatIds: pick },
        });
        return order.id;
      }
    }
  }
  throw new Error(`no two free seats side by side on ${tomorrow}`);
}

describe('messages', () => {
  it('consents on the sandbox page, pays an order, and finds the message in 我的 → 消息', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/account');
    await page.getByRole('link', { name: '消息' }).click();
    await page.waitForURL(/\/account\/messages$/);
    await expect.poll(() => page.getByText('暂无消息').count()).toBe(1);
    await shot(page, 'messages-empty');

    await page.getByRole('button', { name: '接收通知' }).click();
    await expect
      .poll(() => page.getByTestId('notices-consent-state').innerText())
      .toContain('购票成功');

    const token = await tokenOf(context);
    const orderId = await heldOrder(token);
    await payByWechat(server.baseUrl, token, { orderType: 'FILM_ORDER', orderId });
    const detail = await expect
      .poll(
        async () =>
          (await api<{ status: string }>(`/order/detail?orderId=${orderId}`, { token })).status,
      )
      .toBe('ticketed')
      .then(() =>
        api<{ ticket: { code: string }; film: { seats: { label: string }[] } }>(
          `/order/detail?orderId=${orderId}`,
          { token },
        ),
      );

    await page.reload();
    const list = page.getByTestId('message-list');
    await expect.poll(() => list.locator('li').count(), { timeout: 10_000 }).toBe(1);
    const text = await list.innerText();
    expect(text).toContain('购票成功');
    expect(text).toContain(detail.ticket.code);
    expect(text).toContain(seatName(detail.film.seats[0]!.label, 'zh'));
    // The sandbox's stand-in for bizsend delivers it (the worker runs every 10 s).
    await expect
      .poll(
        async () => {
          await page.reload();
          await list.locator('li').first().waitFor();
          return list.innerText();
        },
        { timeout: 25_000, interval: 2_000 },
      )
      .toContain('已通过微信送达');
    await shot(page, 'messages-list');

    await list.getByRole('link', { name: '查看订单' }).click();
    await page.waitForURL(/\/order\/detail\?orderId=/);
    await context.close();
  });

  it('reads the same page in English', async () => {
    const context = await newPhone(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/account/messages');
    await expect.poll(() => page.getByText('No messages yet').count()).toBe(1);
    await page.getByRole('button', { name: 'Get notices' }).click();
    await expect
      .poll(() => page.getByTestId('notices-consent-state').innerText())
      .toContain('Tickets bought');
    await shot(page, 'messages-en');
    await context.close();
  });
});
