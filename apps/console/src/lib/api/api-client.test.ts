import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffListCall, staffLoginCall } from '@marquee/contracts/console';
import { api, ApiError, siteFromHost } from './api-client';
import { clearStaffToken, setStaffToken } from './staff-token';

const answer = (body: unknown) => async () => new Response(JSON.stringify(body));

describe('console API client', () => {
  let store: Map<string, string>;
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
    vi.stubGlobal('window', { location: { hostname: 'starlight.cinema.com' } });
    // A moviegoer's cookie in the same browser must never travel with a console call.
    vi.stubGlobal('document', { cookie: 'movie.token=moviegoer-token' });
    fetch = vi.fn(answer({ code: 0, msg: 'ok', data: { list: [] } }));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the staff token as x-staff-token and the site, never a moviegoer token', async () => {
    setStaffToken('staff-token-1');
    await api(staffListCall, { query: { pageNum: 2, pageSize: 20, role: undefined } });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/console/staff/list?pageNum=2&pageSize=20');
    const headers = init.headers as Record<string, string>;
    expect(headers['x-staff-token']).toBe('staff-token-1');
    expect(headers.site).toBe('starlight');
    expect(headers.token).toBeUndefined();
  });

  it('sends no token header at all once signed out', async () => {
    setStaffToken('staff-token-1');
    clearStaffToken();
    await api(staffLoginCall, { body: { username: 'boss', password: 'pw' } });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers['x-staff-token']).toBeUndefined();
    expect(init.body).toBe('{"username":"boss","password":"pw"}');
    expect(headers['content-type']).toBe('application/json');
  });

  it('rejects an envelope whose code is not 0 with its code, message and data', async () => {
    fetch.mockImplementation(
      answer({ code: 42301, msg: '账号已锁定', data: { retryAfterSeconds: 60 } }),
    );
    const error = await api(staffListCall, { query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 42301,
      message: '账号已锁定',
      data: { retryAfterSeconds: 60 },
    });
  });

  it('takes the site from the first host label, www-test on localhost', () => {
    expect(siteFromHost('localhost')).toBe('www-test');
    expect(siteFromHost('127.0.0.1')).toBe('www-test');
    expect(siteFromHost('galaxy.cinema.com')).toBe('galaxy');
  });
});
