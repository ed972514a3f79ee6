import { describe, expect, it } from 'vitest';
import { tencentCloudRequest } from './tencent-cloud/tencent-cloud-http.js';
import { MARQUEE_USER_AGENT } from './user-agent.js';
import { wechatRequest } from './wechat/wechat-http.js';

/** A fetch that answers 200 `{}` and keeps the headers it was given. */
function recordingFetch() {
  const seen: Headers[] = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    seen.push(new Headers(init?.headers));
    return new Response('{}', { status: 200 });
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}

describe('User-Agent of our calls to WeChat and Tencent Cloud', () => {
  it('names the product, its version and the runtime', () => {
    expect(MARQUEE_USER_AGENT).toMatch(/^Marquee\/\d+\.\d+\.\d+ \(\+node v\d+\.\d+\.\d+\)$/);
  });

  it('goes on every WeChat call, Pay and official-account API alike', async () => {
    const { seen, fetch } = recordingFetch();
    const endpoints = { apiBase: 'https://api.test', payBase: 'https://pay.test', fetch };
    await wechatRequest(endpoints, 'api', { method: 'GET', pathWithQuery: '/cgi-bin/token' });
    await wechatRequest(endpoints, 'pay', { method: 'POST', pathWithQuery: '/v3/x', body: '{}' });
    expect(seen.map((headers) => headers.get('user-agent'))).toEqual([
      MARQUEE_USER_AGENT,
      MARQUEE_USER_AGENT,
    ]);
  });

  it('goes on Tencent Cloud calls', async () => {
    const { seen, fetch } = recordingFetch();
    await tencentCloudRequest(
      { fetch },
      {
        endpoint: 'https://sms.test',
        service: 'sms',
        action: 'SendSms',
        version: '2021-01-11',
        region: 'ap-guangzhou',
        credentials: { secretId: 'AKIDtest', secretKey: 'test-key' },
        payload: '{}',
        timestamp: 1_764_000_000,
      },
    );
    expect(seen[0]?.get('user-agent')).toBe(MARQUEE_USER_AGENT);
  });
});
