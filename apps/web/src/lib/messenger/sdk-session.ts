import { jsapiSignature } from './jssdk-signature';
import { MessengerError } from './messenger-errors';

/** The APIs the app asks WeChat for (spec §7): location, the share message, scanning. */
export const JS_API_LIST = [
  'getLocation',
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'scanQRCode',
] as const;

/** WeChat's open tags the pages use (服务号订阅通知 consent). */
export const OPEN_TAG_LIST = ['wx-open-subscribe'] as const;

export const APP_ID_STORAGE_KEY = 'marquee.wx.appId';

/** The part of weixin-js-sdk's `wx` this app uses. */
export interface WxLike {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
    /** Open tags the page may use: wx-open-subscribe asks for subscription-notice consent. */
    openTagList?: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg: string }) => void): void;
  getLocation(options: {
    type: 'gcj02' | 'wgs84';
    success(result: { latitude: number; longitude: number }): void;
    fail?(result: { errMsg: string }): void;
    cancel?(result: { errMsg: string }): void;
  }): void;
  scanQRCode(options: {
    needResult: 0 | 1;
    scanType: ('qrCode' | 'barCode')[];
    success(result: { resultStr: string }): void;
    fail?(result: { errMsg: string }): void;
    cancel?(result: { errMsg: string }): void;
  }): void;
  updateAppMessageShareData(options: ShareData): void;
  updateTimelineShareData(options: Omit<ShareData, 'desc'>): void;
}

interface ShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
  success?(): void;
  fail?(result: { errMsg: string }): void;
}

export type SdkStatus = 'none' | 'loading' | 'success' | 'error';

export interface SdkSessionDeps {
  /** GET /api/wx/jsapi/v2/getJsapiTicket. */
  fetchTicket(): Promise<{ appId: string; ticket: string }>;
  /** Load weixin-js-sdk (lazily: only inside WeChat). */
  loadWx(): Promise<WxLike>;
  /** The URL WeChat checks the signature against, without its #hash. */
  signingUrl(): string;
  nowSeconds(): number;
  /** 16 random characters (spec §7). */
  nonce(): string;
  storage: Pick<Storage, 'setItem'> | null;
}

export interface SdkSession {
  status(): SdkStatus;
  /** Resolves with a configured `wx` for the current URL; rejects when configuring failed. */
  ready(): Promise<WxLike>;
  subscribe(listener: (status: SdkStatus) => void): () => void;
}

/**
 * The JS-SDK's one state machine (spec §4): none → loading → success | error. Every caller that
 * arrives while it loads waits for the same outcome; an error rejects them all. A later call after
 * an error tries again, and a call from another page URL signs again (WeChat checks the URL).
 */
export function createSdkSession(deps: SdkSessionDeps): SdkSession {
  let status: SdkStatus = 'none';
  let current: Promise<WxLike> | null = null;
  let signedUrl: string | null = null;
  let attempt = 0;
  const listeners = new Set<(status: SdkStatus) => void>();

  const setStatus = (next: SdkStatus) => {
    status = next;
    for (const listener of listeners) listener(next);
  };

  function start(url: string): Promise<WxLike> {
    attempt += 1;
    const id = attempt;
    signedUrl = url;
    setStatus('loading');
    current = configure(deps, url).then(
      (wx) => {
        if (id === attempt) setStatus('success');
        return wx;
      },
      (error: unknown) => {
        if (id === attempt) setStatus('error');
        throw error;
      },
    );
    return current;
  }

  function ready(): Promise<WxLike> {
    const url = deps.signingUrl();
    if (status === 'loading' && current) {
      if (url === signedUrl) return current;
      // Signed for a page the visitor already left: let it finish, then sign this one.
      return current.then(ready, ready);
    }
    if (status === 'success' && current && url === signedUrl) return current;
    return start(url);
  }

  return {
    status: () => status,
    ready,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function configure(deps: SdkSessionDeps, url: string): Promise<WxLike> {
  const { appId, ticket } = await deps.fetchTicket();
  deps.storage?.setItem(APP_ID_STORAGE_KEY, appId);
  const wx = await deps.loadWx();
  const timestamp = deps.nowSeconds();
  const nonceStr = deps.nonce();
  const signature = await jsapiSignature({ ticket, nonceStr, timestamp, url });
  return new Promise<WxLike>((resolve, reject) => {
    wx.ready(() => resolve(wx));
    wx.error((result) => reject(new MessengerError('failed', `wx.config: ${result.errMsg}`)));
    wx.config({
      debug: false,
      appId,
      timestamp,
      nonceStr,
      signature,
      jsApiList: [...JS_API_LIST],
      openTagList: [...OPEN_TAG_LIST],
    });
  });
}
