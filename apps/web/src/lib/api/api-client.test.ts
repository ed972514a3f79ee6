import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@marquee/contracts';
import { createApiClient, REQUEST_TIMEOUT_MS } from './api-client';
import { ApiError, CLIENT_ERROR } from './api-error';
import { apiBaseUrl, isTestHost, siteFromHost } from './host';

const echoCall = defineCall({
  method: 'GET',
  path: '/echo',
  isSignedIn: false,
  query: z.object({ a: z.number().optional(), b: z.string().optional() }),
  answer: z.object({ ok: z.boolean() }),
});
const postCall = defineCall({
  method: 'POST',
  path: '/wx/redirect/login',
  isSignedIn: false,
  body: z.object({ code: z.string() }),
  answer: z.unknown(),
});

const messages = { timeout: 'timeout', network: 'network', badAnswer: 'bad' };

function client(
  response: () => Promise<Response>,
  options: { hostname?: string; token?: string } = {},
) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => response());
  const api = createApiClient({
    hostname: options.hostname ?? 'localhost',
    bases: { test: 'https://api-test.example.com/api', production: 'https://api.example.com/api' },
    getToken: () => options.token,
    lang: 'zh',
    fetch: fetch as unknown as typeof globalThis.fetch,
    messages,
  });
  return { api, fetch };
}

const json = (body: unknown) => async () => new Response(JSON.stringify(body));

describe('API host rule', () => {
  it('uses the test host on localhost and on hosts containing "test", production otherwise', () => {
    expect(isTestHost('localhost')).toBe(true);
    expect(isTestHost('www-test.cinema.com')).toBe(true);
    expect(isTestHost('www.cinema.com')).toBe(false);
    expect(apiBaseUrl('www.cinema.com', { test: '/t/', production: '/p' })).toBe('/p');
    expect(apiBaseUrl('localhost', {})).toBe('/api');
  });

  it('takes the site header from the first host label, www-test on localhost', () => {
    expect(siteFromHost('localhost')).toBe('www-test');
    expect(siteFromHost('starlight.cinema.com')).toBe('starlight');
  });
});

describe('API client', () => {
  it('sends JSON with the site and token headers to the chosen host', async () => {
    const { api, fetch } = client(json({ code: 0, msg: 'ok', data: { ok: true } }), {
      hostname: 'galaxy.cinema.com',
      token: 'tok',
    });
    await expect(api(echoCall, { query: { a: 1, b: undefined } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/echo?a=1');
    const headers = init.headers as Record<string, string>;
    expect(headers.site).toBe('galaxy');
    expect(headers.token).toBe('tok');
  });

  it("leaves the browser's cache to the answer's headers unless a call asks to revalidate", async () => {
    const { api, fetch } = client(json({ code: 0, msg: 'ok', data: { ok: true } }));
    await api(echoCall, { query: { a: 1 } });
    await api(echoCall, { query: { a: 1 }, cache: 'no-cache' });
    const [first, second] = fetch.mock.calls;
    expect(first![1].cache).toBeUndefined();
    expect(second![1].cache).toBe('no-cache');
    // No cache-busting query: the same URL, so the cached answer and its ETag are found.
    expect(second![0]).toBe(first![0]);
  });

  it('answers a GET the page carries without a request, once; never a revalidating one', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 0, msg: 'ok', data: { ok: false } })),
    );
    const carried = new Map([['/echo?a=1', { ok: true }]]);
    const api = createApiClient({
      hostname: 'localhost',
      bases: {},
      getToken: () => undefined,
      lang: 'zh',
      fetch: fetch as unknown as typeof globalThis.fetch,
      messages,
      takeFirstScreenAnswer: (path, query) => {
        const key = `${path}?a=${String(query.a)}`;
        if (!carried.has(key)) return undefined;
        const data = carried.get(key);
        carried.delete(key);
        return { data };
      },
    });
    expect(await api(echoCall, { query: { a: 1 } })).toEqual({ ok: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api(echoCall, { query: { a: 1 } })).toEqual({ ok: false });
    carried.set('/echo?a=2', { ok: true });
    expect(await api(echoCall, { query: { a: 2 }, cache: 'no-cache' })).toEqual({ ok: false });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('leaves out the token header without a token and posts a JSON body', async () => {
    const { api, fetch } = client(json({ code: 0, msg: 'ok', data: null }));
    await api(postCall, { body: { code: 'c' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api-test.example.com/api/wx/redirect/login');
    const headers = init.headers as Record<string, string>;
    expect(headers.token).toBeUndefined();
    expect(headers.site).toBe('www-test');
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"code":"c"}');
  });

  it('rejects the whole envelope when code is not 0', async () => {
    const { api } = client(json({ code: -1001, msg: '登录已失效', data: { x: 1 } }));
    const error = await api(echoCall).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1001, message: '登录已失效', data: { x: 1 } });
  });

  it('reports an ended session (-1001) on any call, and on no other refusal', async () => {
    const onSessionInvalid = vi.fn();
    const make = (code: number) =>
      createApiClient({
        hostname: 'localhost',
        bases: {},
        getToken: () => 'tok',
        lang: 'zh',
        fetch: (async () =>
          new Response(JSON.stringify({ code, msg: 'x', data: null }))) as typeof globalThis.fetch,
        messages,
        onSessionInvalid,
      });
    await expect(make(40001)(postCall, { body: { code: 'c' } })).rejects.toMatchObject({
      code: 40001,
    });
    expect(onSessionInvalid).not.toHaveBeenCalled();
    await expect(make(-1001)(postCall, { body: { code: 'c' } })).rejects.toMatchObject({
      code: -1001,
    });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('rejects an empty answer with 服务器异常', async () => {
    const { api } = client(async () => new Response(''));
    await expect(api(echoCall)).rejects.toMatchObject({
      code: CLIENT_ERROR.EMPTY_ANSWER,
      message: '服务器异常',
    });
  });

  it('rejects an answer that is not the envelope', async () => {
    const { api } = client(async () => new Response('<html>'));
    await expect(api(echoCall)).rejects.toMatchObject({ code: CLIENT_ERROR.BAD_ANSWER });
  });

  it('gives up after 10 000 ms', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      );
      const api = createApiClient({
        hostname: 'localhost',
        bases: {},
        getToken: () => undefined,
        lang: 'zh',
        fetch: fetch as unknown as typeof globalThis.fetch,
        messages,
      });
      const pending = api(echoCall).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ code: CLIENT_ERROR.TIMEOUT, message: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});
