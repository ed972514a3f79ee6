import { AppError } from '../../../lib/errors.js';
import {
  query,
  wechatRequest,
  WechatUnreachableError,
  type WechatEndpoints,
} from '../../../lib/wechat/wechat-http.js';

/**
 * WeChat's official-accounts API as documented: every answer is JSON, and a failure carries
 * `errcode` (non-zero) and `errmsg`. These calls know the protocol, not our domain.
 */
export interface WechatApiError {
  errcode: number;
  errmsg: string;
}

/** Codes of the web authorisation: an invalid, used or expired code means "sign in again". */
export const CODE_ERRORS = new Set([40029, 40163, 42003]);
/** The access token is no longer valid (invalid credential, invalid token, token expired). */
export const ACCESS_TOKEN_ERRORS = new Set([40001, 40014, 42001]);

export class WechatApiCallError extends Error {
  override readonly name = 'WechatApiCallError';
  constructor(
    readonly path: string,
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat ${path} answered errcode ${errcode}: ${errmsg}`);
  }
}

/** GET one API path; a non-zero errcode throws WechatApiCallError, no answer MESSENGER_UNAVAILABLE. */
export async function getWechatJson<T>(
  endpoints: WechatEndpoints,
  path: string,
  params: Record<string, string>,
): Promise<T> {
  let text: string;
  let status: number;
  try {
    ({ text, status } = await wechatRequest(endpoints, 'api', {
      method: 'GET',
      pathWithQuery: `${path}?${query(params)}`,
    }));
  } catch (error) {
    if (error instanceof WechatUnreachableError) {
      throw new AppError('MESSENGER_UNAVAILABLE', { reason: error.message });
    }
    throw error;
  }
  let body: Partial<WechatApiError> & Record<string, unknown>;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new AppError('MESSENGER_UNAVAILABLE', { reason: `${path} answered ${status}, not JSON` });
  }
  if (typeof body.errcode === 'number' && body.errcode !== 0) {
    throw new WechatApiCallError(path, body.errcode, String(body.errmsg ?? ''));
  }
  return body as T;
}

export interface OAuthAccessToken {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  openid: string;
  scope: string;
  unionid?: string;
}

export interface WechatUserInfo {
  openid: string;
  nickname: string;
  headimgurl?: string;
  unionid?: string;
}

export function fetchOAuthAccessToken(
  endpoints: WechatEndpoints,
  app: { appId: string; secret: string },
  code: string,
) {
  return getWechatJson<OAuthAccessToken>(endpoints, '/sns/oauth2/access_token', {
    appid: app.appId,
    secret: app.secret,
    code,
    grant_type: 'authorization_code',
  });
}

export function fetchUserInfo(endpoints: WechatEndpoints, accessToken: string, openid: string) {
  return getWechatJson<WechatUserInfo>(endpoints, '/sns/userinfo', {
    access_token: accessToken,
    openid,
    lang: 'zh_CN',
  });
}

export function fetchAccessToken(
  endpoints: WechatEndpoints,
  app: { appId: string; secret: string },
) {
  return getWechatJson<{ access_token: string; expires_in: number }>(endpoints, '/cgi-bin/token', {
    grant_type: 'client_credential',
    appid: app.appId,
    secret: app.secret,
  });
}

export function fetchJsapiTicket(endpoints: WechatEndpoints, accessToken: string) {
  return getWechatJson<{ ticket: string; expires_in: number }>(
    endpoints,
    '/cgi-bin/ticket/getticket',
    { access_token: accessToken, type: 'jsapi' },
  );
}
