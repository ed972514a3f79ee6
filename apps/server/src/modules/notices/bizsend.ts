import {
  wechatRequest,
  WechatUnreachableError,
  type WechatEndpoints,
} from '../../lib/wechat/wechat-http.js';

/**
 * WeChat's subscription-notice send of an official account (服务号订阅通知):
 * `POST /cgi-bin/message/subscribe/bizsend?access_token=…` with `touser` (the openid),
 * `template_id`, `page` (the web page the notice opens) and `data` (`{ key: { value } }`, the
 * template's keywords). WeChat answers `{ errcode, errmsg }` with HTTP 200; 0 is sent.
 */
export interface BizsendRequest {
  touser: string;
  template_id: string;
  page?: string;
  data: Record<string, { value: string }>;
}

/** What the worker does with an answer: done, never again, or later. */
export type BizsendOutcome =
  | { kind: 'sent' }
  /** 43101: the user refused, or used up the one-time subscription; retrying cannot help. */
  | { kind: 'refused'; error: string }
  /** The access token is no longer valid: fetch a new one, then retry. */
  | { kind: 'token'; error: string }
  /** No answer, 5xx, not JSON, or WeChat's "system busy": retry later. */
  | { kind: 'retry'; error: string }
  /** A request WeChat will always refuse (bad openid, template, data): do not retry. */
  | { kind: 'failed'; error: string };

export const BIZSEND_PATH = '/cgi-bin/message/subscribe/bizsend';
export const USER_REFUSED = 43101;
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** -1 system busy; 45009 the daily limit of the API: both pass. */
const TRANSIENT_ERRORS = new Set([-1, 45009]);

export async function bizsend(
  endpoints: WechatEndpoints,
  accessToken: string,
  request: BizsendRequest,
): Promise<BizsendOutcome> {
  let status: number;
  let text: string;
  try {
    ({ status, text } = await wechatRequest(endpoints, 'api', {
      method: 'POST',
      pathWithQuery: `${BIZSEND_PATH}?access_token=${encodeURIComponent(accessToken)}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    }));
  } catch (error) {
    if (error instanceof WechatUnreachableError) return { kind: 'retry', error: error.message };
    throw error;
  }
  if (status >= 500) return { kind: 'retry', error: `bizsend answered HTTP ${status}` };
  let body: { errcode?: number; errmsg?: string };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { kind: 'retry', error: `bizsend answered HTTP ${status}, not JSON` };
  }
  const errcode = body.errcode ?? 0;
  const error = `errcode ${errcode}: ${body.errmsg ?? ''}`;
  if (status === 200 && errcode === 0) return { kind: 'sent' };
  if (errcode === USER_REFUSED) return { kind: 'refused', error };
  if (TOKEN_ERRORS.has(errcode)) return { kind: 'token', error };
  if (TRANSIENT_ERRORS.has(errcode) || status !== 200) return { kind: 'retry', error };
  return { kind: 'failed', error };
}
