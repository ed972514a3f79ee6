import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { maskPhone, seatName, seatNames } from '@marquee/contracts';
import { holdTwoSeats, moviegoerApi, payByWechat, type MoviegoerApi } from './support/api';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { signInFresh, tokenOf } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * One source per rule, as the moviegoer reads it: a phone number is shown masked (138****5678) on
 * every page outside the field where it is typed, in Chinese and English; seats are named one way
 * ("D排5座" / "Row D, Seat 5", listed per language) on the picker's chips, the 推荐 banner, the
 * seat list and the messages.
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

/** Every mainland mobile number written out in full (11 digits, not part of a longer number). */
function unmaskedPhonesIn(text: string): string[] {
  return text.match(/(?<!\d)1[3-9]\d{9}(?!\d)/g) ?? [];
}

/** What a page shows: its text and the words of its labels, titles and pictures. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const words = [...document.querySelectorAll('[aria-label], [title], [alt]')].flatMap((el) =>
      ['aria-label', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    return `${document.body.innerText}\n${words.join('\n')}`;
  });

/** The code of the latest text to `phone`, from the sandbox's inbox page. */
async function textedCode(phone: string): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).text();
  const code = /验证码 (\d{6})/.exec(html)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/** A second phone of another language, signed in as the same user (the token cookie). */
async function sameUserIn(locale: string, token: string): Promise<BrowserContext> {
  const context = await newPhone(browser, { locale });
  await context.addCookies([{ name: 'movie.token', value: token, url: server.baseUrl }]);
  return context;
}

describe('the phone-number scanner', () => {
  it('finds a number written out in full and passes masked ones and longer numbers', () => {
    expect(unmaskedPhonesIn('手机号 13712345678。')).toEqual(['13712345678']);
    expect(unmaskedPhonesIn('Phone: 137****5678')).toEqual([]);
    expect(unmaskedPhonesIn('订单号 202611281371234567800')).toEqual([]);
  });
});

describe('phones masked and seats named one way', () => {
  it('shows the phone masked on every page that shows it, in Chinese and English', async () => {
    const zh = await newPhone(browser);
    const page = await zh.newPage();
    await signInFresh(page, server.baseUrl, '/account/messages');
    await page.getByRole('button', { name: '接收通知' }).click();
    await expect
      .poll(() => page.getByTestId('notices-consent-state').innerText())
      .toContain('购票成功');
    const token = await tokenOf(zh);

    // A bound phone (我的, 账户安全), a paid ticket, an unpaid store order and a held film order.
    const phone = `135${String(Date.now()).slice(-8)}`;
    await api('/userInfo/phoneCode/send', { token, body: { purpose: 'bindPhone', phone } });
    await api('/userInfo/phone/bind', { token, body: { phone, code: await textedCode(phone) } });
    const paid = await holdTwoSeats(server.baseUrl, token);
    await payByWechat(
      server.baseUrl,
      token,
      { orderType: 'FILM_ORDER', orderId: paid.id },
      { phone },
    );
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(`/order/detail?orderId=${paid.id}`, { token })).status,
      )
      .toBe('ticketed');
    const goods = await api<{ list: { id: string }[] }>('/goods/getGoodsList?pageNum=1&pageSize=5');
    const detail = await api<{ goodsInfoList: { id: string }[] }>(
      `/goods/getGoodsDetail?id=${goods.list[0]!.id}`,
    );
    const store = await api<{ orderId: string }>('/storeOrder/create', {
      token,
      body: {
        cinemaId: paid.cinemaInfo.cinemaId,
        phone,
        items: [{ goodsInfoId: detail.goodsInfoList[0]!.id, quantity: 1 }],
      },
    });
    const held = await holdTwoSeats(server.baseUrl, token);

    const masked = maskPhone(phone);
    const pages: { path: string; showsPhone: boolean }[] = [
      { path: '/home/account', showsPhone: true },
      { path: '/account/security', showsPhone: true },
      { path: `/order/detail?orderId=${paid.id}`, showsPhone: true },
      { path: `/store/order/payment?orderId=${store.orderId}`, showsPhone: true },
      // The checkout types the phone: it is in full only in its field.
      { path: `/cinema/order?showId=${held.showInfo.showId}`, showsPhone: false },
      { path: '/account/messages', showsPhone: false },
    ];
    const en = await sameUserIn('en-US', token);
    for (const [lang, context] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const tab = await context.newPage();
      for (const { path, showsPhone } of pages) {
        await tab.goto(`${server.baseUrl}${path}`);
        if (showsPhone) {
          await expect.poll(() => shownText(tab), { timeout: 15_000 }).toContain(masked);
        } else {
          await tab.locator('main, #root > *').first().waitFor();
          await tab.waitForLoadState('networkidle');
        }
        if (path.startsWith('/cinema/order')) {
          const field = tab.locator('.order-confirm__phone input');
          await expect.poll(() => field.inputValue()).toBe(phone);
        }
        const text = await shownText(tab);
        expect(unmaskedPhonesIn(text), `${lang} ${path}`).toEqual([]);
        await screenshot(tab, `phones-${lang}-${path.split('?')[0]!.replace(/\//g, '-').slice(1)}`);
      }
      await tab.close();
    }

    // The messages name the paid seats the one way, listed per language.
    const labels = paid.seats.map((seat) => seat.label);
    for (const [lang, context] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const tab = await context.newPage();
      await tab.goto(`${server.baseUrl}/account/messages`);
      await expect
        .poll(() => tab.getByTestId('message-list').innerText(), { timeout: 15_000 })
        .toContain(seatNames(labels, lang));
      await tab.close();
    }
    await en.close();
    await zh.close();
  });

  it('names seats one way on the chips, the 推荐 banner and the seat list, in both languages', async () => {
    const zh = await newPhone(browser);
    const page = await zh.newPage();
    await signInFresh(page, server.baseUrl, '/home/account');
    const token = await tokenOf(zh);
    const order = await holdTwoSeats(server.baseUrl, token);
    const showId = order.showInfo.showId;
    // The held order is the user's; another user picks on the same show.
    const picker = await newPhone(browser);
    const pickerPage = await picker.newPage();
    await signInFresh(pickerPage, server.baseUrl, `/cinema/seat?showId=${showId}`);
    const en = await sameUserIn('en-US', await tokenOf(picker));

    for (const [lang, tab, best, list] of [
      ['zh', pickerPage, '为 2 人推荐座位', '列表'],
      ['en', await en.newPage(), 'Best seats for 2', 'List'],
    ] as const) {
      if (lang === 'en') await tab.goto(`${server.baseUrl}/cinema/seat?showId=${showId}`);
      await tab.locator('[data-seat]').first().waitFor();
      await tab.getByRole('button', { name: best }).click();
      const chosen = tab.locator('[data-seat][data-state="chosen"]');
      await expect.poll(() => chosen.count()).toBe(2);
      const picked = await chosen.evaluateAll((seats) =>
        seats.map((seat) => (seat as HTMLElement).dataset.seat!),
      );
      const names = picked.map((label) => seatName(label, lang));
      expect(names).not.toEqual(picked);

      // The chips under the map.
      expect(await tab.locator('.chosen-bar__seat strong').allInnerTexts()).toEqual(names);
      // The 推荐 banner, with the list mark of the language.
      await expect
        .poll(() => tab.locator('.chosen-bar__hint').innerText())
        .toContain(seatNames(picked, lang));
      if (lang === 'en')
        expect(await tab.locator('.chosen-bar__hint').innerText()).not.toContain('、');
      await screenshot(tab, `seat-names-${lang}-picker`);

      // The seat list's cards.
      await tab.getByRole('button', { name: list, exact: true }).click();
      const card = tab.locator(`[data-list-seat="${picked[0]}"] strong`);
      await expect.poll(() => card.innerText()).toMatch(new RegExp(`^${names[0]} ¥`));
      const words = await tab.locator(`[data-list-seat="${picked[0]}"]`).getAttribute('aria-label');
      expect(words?.startsWith(`${names[0]}${lang === 'en' ? ',' : '，'}`)).toBe(true);
      await screenshot(tab, `seat-names-${lang}-list`);
    }
    await en.close();
    await picker.close();
    await zh.close();
  });
});
