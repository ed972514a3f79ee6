import { MARQUEE_USER_AGENT } from '../user-agent.js';

/**
 * The one way the adapters reach WeChat: a base URL from configuration (WeChat itself, or the
 * fake WeChat server in tests), a timeout, and the answer as text so signatures can be checked
 * over the exact bytes received.
 */
export interface WechatEndpoints {
  /** Official accounts API: `sns/oauth2/*`, `sns/userinfo`, `cgi-bin/*`. */
  apiBase: string;
  /** WeChat Pay API v3. */
  payBase: string;
  /** Replaceable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** 付款码 payments waiting for the customer's password: asked again every so often (5 s)… */
  micropayPollMs?: number;
  /** …this many times (6: 30 s) before being reversed. */
  micropayPolls?: number;
}

export const defaultWechatEndpoints: WechatEndpoints = {
  apiBase: 'https://api.weixin.qq.com',
  payBase: 'https://api.mch.weixin.qq.com',
};

export interface WechatAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** WeChat did not answer (network, DNS, timeout): the caller maps it to its "unavailable" code. */
export class WechatUnreachableError extends Error {
  override readonly name = 'WechatUnreachableError';
}

export async function wechatRequest(
  endpoints: WechatEndpoints,
  base: 'api' | 'pay',
  request: {
    method: 'GET' | 'POST';
    pathWithQuery: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<WechatAnswer> {
  const root = (base === 'api' ? endpoints.apiBase : endpoints.payBase).replace(/\/+$/, '');
  const doFetch = endpoints.fetch ?? fetch;
  try {
    const response = await doFetch(`${root}${request.pathWithQuery}`, {
      method: request.method,
      headers: { accept: 'application/json', 'user-agent': MARQUEE_USER_AGENT, ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(endpoints.timeoutMs ?? 10_000),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw new WechatUnreachableError(
      `${request.method} ${root}${request.pathWithQuery.split('?')[0]}: ${String(error)}`,
      { cause: error },
    );
  }
}

/** A query string in the order given (WeChat's examples keep appid first). */
export function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** What the app holds about WeChat: where it is, and the refreshes in flight in this process. */
export interface WechatDeps {
  endpoints: WechatEndpoints;
  /** Single flight per (site, token kind): concurrent callers in one process share one refresh. */
  inFlight: Map<string, Promise<string>>;
}

export function createWechatDeps(endpoints: Partial<WechatEndpoints> = {}): WechatDeps {
  return { endpoints: { ...defaultWechatEndpoints, ...endpoints }, inFlight: new Map() };
}
