import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone, PHONE, screenshot } from './support/browser';
import { signInFresh } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * The messenger features in an ordinary browser (Chromium, no WeChat): the location comes from
 * the Geolocation API converted to gcj02, scanning from the camera and BarcodeDetector, and the
 * share message is recorded on window.__marqueeShare.
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

describe('messenger features in an ordinary browser', () => {
  it('orders the cinema list by a granted location, converted from WGS-84 to gcj02', async () => {
    const context = await newPhone(browser);
    // The WGS-84 point whose gcj02 is the Xujiahui cinema's (31.1949, 121.4375); read as gcj02
    // without converting, it would be about 490 m away.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 31.196772, longitude: 121.432877 });
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/cinema');
    await page.locator('.cinema-item').first().waitFor();
    await expect.poll(() => page.locator('.cinema-item__distance').count()).toBe(3);
    await screenshot(page, 'messenger-cinemas-by-distance');

    const names = await page.locator('.cinema-item__name').allTextContents();
    expect(names[0]).toBe('星幕影城（徐家汇店）');
    expect(names.slice(1).sort()).toEqual(
      ['星幕影城（人民广场店）', '星幕影城（陆家嘴店）'].sort(),
    );
    const nearest = await page.locator('.cinema-item__distance').first().textContent();
    // The list's coordinates are rounded to 3 decimals (about 100 m); the conversion puts us closer.
    expect(nearest).toMatch(/^\d+m$/);
    expect(Number.parseInt(nearest!, 10)).toBeLessThan(150);
    await context.close();
  });

  it('fills the recharge card number from a scanned bar code, and the recharge goes through', async () => {
    const context = await newPhone(browser);
    // This Chromium has neither a camera nor BarcodeDetector (it ships on Android and macOS): give
    // the page a camera that films a blank card and a detector that reads the card's bar code.
    // Everything else (the viewfinder, the video, the detection loop) is the app's own code.
    await context.addInitScript(() => {
      class FakeBarcodeDetector {
        static async getSupportedFormats() {
          return ['qr_code', 'code_128', 'ean_13'];
        }
        async detect(source: HTMLVideoElement) {
          const isCardInView = (window as { cardInView?: boolean }).cardInView === true;
          return isCardInView && source.readyState >= 2 && source.videoWidth > 0
            ? [{ rawValue: '8800000001', format: 'code_128' }]
            : [];
        }
      }
      Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
      const camera = async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 320;
        const context2d = canvas.getContext('2d')!;
        const draw = () => {
          context2d.fillStyle = '#fff';
          context2d.fillRect(0, 0, 320, 320);
          context2d.fillStyle = '#000';
          for (let x = 40; x < 280; x += 7) context2d.fillRect(x, 100, x % 3 === 0 ? 4 : 2, 120);
        };
        draw();
        setInterval(draw, 100);
        return canvas.captureStream(10);
      };
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: camera },
      });
    });
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/account/recharge');
    await page.getByLabel('充值卡卡号').waitFor();
    await page.getByRole('button', { name: '扫描卡上的条码或二维码' }).click();
    const scanner = page.getByRole('dialog', { name: '扫一扫' });
    await scanner.waitFor();
    await expect
      .poll(() => scanner.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(2);
    await screenshot(page, 'messenger-scanner');
    await page.evaluate(() => Object.assign(window, { cardInView: true }));
    await expect.poll(() => page.getByLabel('充值卡卡号').inputValue()).toBe('8800000001');
    expect(await page.getByTestId('scanner').count()).toBe(0);
    await screenshot(page, 'messenger-recharge-scanned');

    await page.getByLabel('充值卡卡密').fill('318274');
    await page.getByRole('button', { name: '立即充值' }).click();
    await expect.poll(() => page.getByTestId('recharge-result').textContent()).toContain('100.00');
    await context.close();
  });

  it('offers no scan button where the browser cannot scan, so the number is typed', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/account/recharge');
    await page.getByLabel('充值卡卡号').waitFor();
    expect(await page.getByRole('button', { name: '扫描卡上的条码或二维码' }).count()).toBe(0);
    await context.close();
  });

  it("sets the share message on a film page: the film's title, its link and poster", async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/index');
    await page.locator('.film-card__action').first().click();
    await page.waitForURL(/\/cinema\/film\?filmId=/);
    const filmId = new URL(page.url()).searchParams.get('filmId')!;
    const title = (await page.locator('.film-hero__title').textContent())!;
    const share = await page.waitForFunction(() => window.__marqueeShare ?? null);
    const message = (await share.jsonValue()) as {
      title: string;
      desc: string;
      link: string;
      imgUrl: string;
    };
    expect(message.title).toBe(`${title}｜星幕影城`);
    expect(message.desc).toMatch(/分钟/);
    expect(message.link).toBe(`${server.baseUrl}/cinema/film?filmId=${filmId}`);
    // WeChat shows no thumbnail for SVG: the poster's PNG twin.
    expect(message.imgUrl).toBe(`${server.baseUrl}/api/film/poster/${filmId}.png`);
    const picture = await fetch(message.imgUrl);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    await screenshot(page, 'messenger-film-share');
    await context.close();
  });
});

/** WeChat 8 on Android, as its web view identifies itself. */
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.44.2502(0x28002C37) Process/tools ' +
  'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

interface BridgeCall {
  name: string;
  params: Record<string, unknown>;
  url: string;
}

/**
 * A phone whose browser says it is WeChat and has WeChat's native bridge (`WeixinJSBridge`), played
 * by a script: it records every call the real weixin-js-sdk makes and answers as WeChat does
 * (`<name>:ok`). The signature is checked afterwards against the server's ticket.
 */
async function wechatPhone(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent: WECHAT_UA,
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(() => {
    const calls: { name: string; params: unknown; url: string }[] = [];
    const answers: Record<string, Record<string, unknown>> = {
      preVerifyJSAPI: {},
      geoLocation: { latitude: 31.2367, longitude: 121.4998, speed: 0, accuracy: 30 },
      scanQRCode: { resultStr: 'CODE_128,8800000002' },
      updateAppMessageShareData: {},
      updateTimelineShareData: {},
    };
    Object.assign(window, {
      __bridgeCalls: calls,
      WeixinJSBridge: {
        invoke(name: string, params: unknown, callback: (result: unknown) => void) {
          calls.push({ name, params: JSON.parse(JSON.stringify(params)), url: location.href });
          const answer = answers[name];
          setTimeout(
            () =>
              callback(answer ? { ...answer, err_msg: `${name}:ok` } : { err_msg: `${name}:fail` }),
            20,
          );
        },
        on() {},
        call() {},
      },
    });
  });
  return context;
}

const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);

async function jsapiTicket(): Promise<{ appId: string; ticket: string }> {
  const response = await fetch(`${server.baseUrl}/api/wx/jsapi/v2/getJsapiTicket`, {
    headers: { site: 'www-test' },
  });
  return ((await response.json()) as { data: { appId: string; ticket: string } }).data;
}

function expectedSignature(call: BridgeCall, ticket: string): string {
  const url = call.url.split('#')[0];
  const text = `jsapi_ticket=${ticket}&noncestr=${String(call.params.verifyNonceStr)}&timestamp=${String(call.params.verifyTimestamp)}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}

describe('messenger features inside WeChat (the real JS-SDK over a scripted WeChat bridge)', () => {
  it('configures the SDK with a valid signature and orders cinemas by wx.getLocation (gcj02)', async () => {
    const context = await wechatPhone();
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/cinema');
    await page.locator('.cinema-item__distance').first().waitFor();
    expect(await page.locator('.cinema-item__name').first().textContent()).toBe(
      '星幕影城（陆家嘴店）',
    );

    const calls = await bridgeCalls(page);
    const configs = calls.filter((call) => call.name === 'preVerifyJSAPI');
    expect(configs).toHaveLength(1);
    const { appId, ticket } = await jsapiTicket();
    expect(configs[0]!.params).toMatchObject({
      appId,
      verifySignType: 'sha1',
      // The SDK passes the bridge WeChat's native names (getLocation is "geoLocation").
      verifyJsApiList: [
        'geoLocation',
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'scanQRCode',
      ],
    });
    expect(String(configs[0]!.params.verifyNonceStr)).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(configs[0]!.params.verifySignature).toBe(expectedSignature(configs[0]!, ticket));
    expect(calls.find((call) => call.name === 'geoLocation')?.params).toMatchObject({
      type: 'gcj02',
    });
    expect(await page.evaluate(() => sessionStorage.getItem('marquee.wx.appId'))).toBe(appId);
    await context.close();
  });

  it('signs again for a film page and sets its share message through the SDK', async () => {
    const context = await wechatPhone();
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/cinema');
    await page.locator('.cinema-item').first().waitFor();
    await page.getByRole('link', { name: '首页' }).click();
    await page.locator('.film-card__action').first().click();
    await page.waitForURL(/\/cinema\/film\?filmId=/);
    const title = (await page.locator('.film-hero__title').textContent())!;
    await expect
      .poll(async () =>
        (await bridgeCalls(page)).some((call) => call.name === 'updateTimelineShareData'),
      )
      .toBe(true);

    const calls = await bridgeCalls(page);
    const configs = calls.filter((call) => call.name === 'preVerifyJSAPI');
    expect(configs.length).toBeGreaterThanOrEqual(2);
    const last = configs.at(-1)!;
    expect(last.url).toContain('/cinema/film?filmId=');
    const { ticket } = await jsapiTicket();
    expect(last.params.verifySignature).toBe(expectedSignature(last, ticket));
    const share = calls.find((call) => call.name === 'updateAppMessageShareData')!;
    expect(share.params).toMatchObject({ title: `${title}｜星幕影城` });
    expect(String(share.params.link)).toContain('/cinema/film?filmId=');
    // Outside WeChat only: inside, the SDK got it.
    expect(await page.evaluate(() => window.__marqueeShare ?? null)).toBeNull();
    await context.close();
  });

  it("fills the recharge card number from WeChat's scanner, without the bar code's symbology", async () => {
    const context = await wechatPhone();
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/account/recharge');
    await page.getByRole('button', { name: '扫描卡上的条码或二维码' }).click();
    await expect.poll(() => page.getByLabel('充值卡卡号').inputValue()).toBe('8800000002');
    const scan = (await bridgeCalls(page)).find((call) => call.name === 'scanQRCode')!;
    expect(scan.params).toMatchObject({ needResult: 1, scanType: ['qrCode', 'barCode'] });
    await context.close();
  });
});
