import { describe, expect, it, vi } from 'vitest';
import { jsapiSignature } from './jssdk-signature';
import { isMessengerError } from './messenger-errors';
import {
  APP_ID_STORAGE_KEY,
  createSdkSession,
  JS_API_LIST,
  type SdkSessionDeps,
  type SdkStatus,
  type WxLike,
} from './sdk-session';

type ConfigOptions = Parameters<WxLike['config']>[0];

/** A stand-in for weixin-js-sdk's wx: the test decides when WeChat answers the config. */
function fakeWx() {
  let onReady: (() => void) | null = null;
  let onError: ((result: { errMsg: string }) => void) | null = null;
  const configs: ConfigOptions[] = [];
  const wx = {
    config: (options: ConfigOptions) => configs.push(options),
    ready: (callback: () => void) => (onReady = callback),
    error: (callback: (result: { errMsg: string }) => void) => (onError = callback),
  } as unknown as WxLike;
  let answered = 0;
  /** Wait until the session sent its next wx.config, then answer it. */
  const nextConfig = async () => {
    while (configs.length <= answered) await new Promise((resolve) => setTimeout(resolve, 1));
    answered += 1;
  };
  return {
    wx,
    configs,
    verify: async () => {
      await nextConfig();
      onReady?.();
    },
    refuse: async (errMsg: string) => {
      await nextConfig();
      onError?.({ errMsg });
    },
  };
}

function setup(overrides: Partial<SdkSessionDeps> = {}) {
  const wechat = fakeWx();
  const stored = new Map<string, string>();
  let url = 'https://www-test.example.com/cinema/film?filmId=7';
  const deps: SdkSessionDeps = {
    fetchTicket: vi.fn(async () => ({ appId: 'wx-demo-app', ticket: 'ticket-1' })),
    loadWx: vi.fn(async () => wechat.wx),
    signingUrl: () => url,
    nowSeconds: () => 1_800_000_000,
    nonce: () => 'ABCDEFGHIJKLMNOP',
    storage: { setItem: (key: string, value: string) => void stored.set(key, value) },
    ...overrides,
  };
  const session = createSdkSession(deps);
  const statuses: SdkStatus[] = [];
  session.subscribe((status) => statuses.push(status));
  return { session, deps, wechat, stored, statuses, goTo: (next: string) => (url = next) };
}

describe('the JS-SDK state machine', () => {
  it('starts as none and asks for nothing until a caller needs the SDK', () => {
    const { session, deps } = setup();
    expect(session.status()).toBe('none');
    expect(deps.fetchTicket).not.toHaveBeenCalled();
  });

  it('goes none → loading → success and configures wx with the documented signature', async () => {
    const { session, wechat, statuses, stored } = setup();
    const ready = session.ready();
    expect(session.status()).toBe('loading');
    await wechat.verify();
    await expect(ready).resolves.toBe(wechat.wx);
    expect(statuses).toEqual(['loading', 'success']);
    expect(wechat.configs).toEqual([
      {
        debug: false,
        appId: 'wx-demo-app',
        timestamp: 1_800_000_000,
        nonceStr: 'ABCDEFGHIJKLMNOP',
        signature: await jsapiSignature({
          ticket: 'ticket-1',
          nonceStr: 'ABCDEFGHIJKLMNOP',
          timestamp: 1_800_000_000,
          url: 'https://www-test.example.com/cinema/film?filmId=7',
        }),
        jsApiList: [...JS_API_LIST],
        openTagList: ['wx-open-subscribe'],
      },
    ]);
    expect(JS_API_LIST).toEqual([
      'getLocation',
      'updateAppMessageShareData',
      'updateTimelineShareData',
      'scanQRCode',
    ]);
    expect(stored.get(APP_ID_STORAGE_KEY)).toBe('wx-demo-app');
  });

  it('lets every caller that arrives while loading wait for the one configuration', async () => {
    const { session, deps, wechat } = setup();
    const callers = [session.ready(), session.ready(), session.ready()];
    await wechat.verify();
    const answers = await Promise.all(callers);
    expect(answers.every((wx) => wx === wechat.wx)).toBe(true);
    expect(deps.fetchTicket).toHaveBeenCalledTimes(1);
    expect(deps.loadWx).toHaveBeenCalledTimes(1);
    expect(wechat.configs).toHaveLength(1);
  });

  it('goes loading → error and rejects every waiting caller when WeChat refuses the config', async () => {
    const { session, wechat, statuses } = setup();
    const callers = [session.ready(), session.ready()].map((p) => p.catch((e: unknown) => e));
    await wechat.refuse('config:invalid signature');
    const errors = await Promise.all(callers);
    expect(errors.every((e) => isMessengerError(e, 'failed'))).toBe(true);
    expect(String((errors[0] as Error).message)).toContain('invalid signature');
    expect(statuses).toEqual(['loading', 'error']);
  });

  it('goes to error when the ticket cannot be fetched, and tries again on the next call', async () => {
    const fetchTicket = vi
      .fn<SdkSessionDeps['fetchTicket']>()
      .mockRejectedValueOnce(new Error('网络异常'))
      .mockResolvedValue({ appId: 'wx-demo-app', ticket: 'ticket-2' });
    const { session, wechat, statuses } = setup({ fetchTicket });
    await expect(session.ready()).rejects.toThrow('网络异常');
    expect(session.status()).toBe('error');
    const again = session.ready();
    await wechat.verify();
    await expect(again).resolves.toBe(wechat.wx);
    expect(statuses).toEqual(['loading', 'error', 'loading', 'success']);
  });

  it('goes to error when weixin-js-sdk cannot be loaded', async () => {
    const { session } = setup({ loadWx: () => Promise.reject(new Error('chunk failed')) });
    await expect(session.ready()).rejects.toThrow('chunk failed');
    expect(session.status()).toBe('error');
  });

  it('answers later callers on the same page from the finished configuration', async () => {
    const { session, deps, wechat } = setup();
    const first = session.ready();
    await wechat.verify();
    await first;
    await expect(session.ready()).resolves.toBe(wechat.wx);
    expect(deps.fetchTicket).toHaveBeenCalledTimes(1);
    expect(session.status()).toBe('success');
  });

  it('signs again when the page URL changed', async () => {
    const { session, wechat, statuses, goTo } = setup();
    const first = session.ready();
    await wechat.verify();
    await first;
    goTo('https://www-test.example.com/cinema/detail?cinemaId=3');
    const second = session.ready();
    await wechat.verify();
    await second;
    expect(wechat.configs).toHaveLength(2);
    expect(wechat.configs[1]!.signature).toBe(
      await jsapiSignature({
        ticket: 'ticket-1',
        nonceStr: 'ABCDEFGHIJKLMNOP',
        timestamp: 1_800_000_000,
        url: 'https://www-test.example.com/cinema/detail?cinemaId=3',
      }),
    );
    expect(statuses).toEqual(['loading', 'success', 'loading', 'success']);
  });

  it('signs the new page once the configuration for the page just left has finished', async () => {
    const { session, wechat, goTo } = setup();
    const first = session.ready();
    goTo('https://www-test.example.com/home/cinema');
    const second = session.ready();
    await wechat.verify();
    await first;
    await wechat.verify();
    await expect(second).resolves.toBe(wechat.wx);
    expect(wechat.configs).toHaveLength(2);
    expect(session.status()).toBe('success');
  });
});
