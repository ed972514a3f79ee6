import { jsapiTicketCall } from '@marquee/contracts';
import { api } from '../api/api';
import { randomString } from '../random';
import { browserLocation } from './browser-location';
import type { LatLng } from './gcj02';
import { pageUrlToSign } from './jssdk-signature';
import { isMessengerError, MessengerError } from './messenger-errors';
import { stripSymbology } from './scan-result';
import { createSdkSession, type SdkSession, type WxLike } from './sdk-session';

/**
 * The messenger features of spec §1 for the whole app: inside WeChat through its JS-SDK, in any
 * other browser through the browser's own APIs. Callers never see which one answered.
 */
export interface ShareMessage {
  title: string;
  desc: string;
  /** Absolute URL on this site (WeChat only shares links of its JS-safe domain). */
  link: string;
  /** Absolute URL of the picture. */
  imgUrl: string;
}

declare global {
  interface Window {
    /** The last share message set outside WeChat, for tests and debugging. */
    __marqueeShare?: ShareMessage;
  }
}

export function isInsideWechat(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

function urlToSign(): string {
  return pageUrlToSign({
    userAgent: navigator.userAgent,
    currentUrl: window.location.href,
    landingUrl: performance.getEntriesByType?.('navigation')[0]?.name,
  });
}

let session: SdkSession | null = null;

/** The JS-SDK session of this page; weixin-js-sdk is only downloaded inside WeChat. */
export function wechatSdk(): SdkSession {
  session ??= createSdkSession({
    fetchTicket: () => api(jsapiTicketCall),
    loadWx: async () => {
      const module = await import('weixin-js-sdk');
      return (module.default ?? module) as unknown as WxLike;
    },
    signingUrl: urlToSign,
    nowSeconds: () => Math.floor(Date.now() / 1000),
    nonce: () => randomString(16),
    storage: safeSessionStorage(),
  });
  return session;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // private modes may refuse storage; the appId cache is only a convenience
  }
}

/** Where the visitor is, in gcj02. */
export async function getLocation(): Promise<LatLng> {
  if (!isInsideWechat()) return browserLocation();
  try {
    const wx = await wechatSdk().ready();
    return await new Promise<LatLng>((resolve, reject) => {
      wx.getLocation({
        type: 'gcj02',
        success: ({ latitude, longitude }) => resolve({ latitude, longitude }),
        cancel: () => reject(new MessengerError('denied', 'getLocation cancelled')),
        fail: ({ errMsg }) =>
          reject(new MessengerError(/auth|deny/i.test(errMsg) ? 'denied' : 'failed', errMsg)),
      });
    });
  } catch (error) {
    if (isMessengerError(error, 'denied')) throw error;
    // The SDK could not be configured: the web view's own Geolocation still answers.
    return browserLocation();
  }
}

/** Whether scanCode() can work here: WeChat's scanner, or a camera with BarcodeDetector. */
export function canScan(): boolean {
  if (isInsideWechat()) return true;
  const hasDetector = 'BarcodeDetector' in window;
  return hasDetector && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Read a QR or bar code; the text of the code. */
export async function scanCode(): Promise<string> {
  if (!isInsideWechat()) {
    const { browserScan } = await import('./browser-scan');
    return browserScan();
  }
  const wx = await wechatSdk().ready();
  return new Promise<string>((resolve, reject) => {
    wx.scanQRCode({
      needResult: 1,
      scanType: ['qrCode', 'barCode'],
      success: ({ resultStr }) => resolve(stripSymbology(resultStr)),
      cancel: () => reject(new MessengerError('cancelled', 'scanQRCode cancelled')),
      fail: ({ errMsg }) => reject(new MessengerError('failed', errMsg)),
    });
  });
}

/** The title, desc, link and picture WeChat shows when the page is shared. */
export async function setShareMessage(message: ShareMessage): Promise<void> {
  if (!isInsideWechat()) {
    window.__marqueeShare = { ...message };
    return;
  }
  const wx = await wechatSdk().ready();
  wx.updateAppMessageShareData({ ...message });
  wx.updateTimelineShareData({ title: message.title, link: message.link, imgUrl: message.imgUrl });
}

/** An absolute URL of this site for a path ("/cinema/film?filmId=1"), for share links and pictures. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, window.location.origin).toString();
}
