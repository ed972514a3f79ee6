import { randomToken } from '../../lib/tokens.js';
import { AppError } from '../../lib/errors.js';
import type { SiteRow } from '../site/index.js';
import {
  ACCESS_TOKEN_ERRORS,
  fetchAccessToken,
  fetchJsapiTicket,
  WechatApiCallError,
} from './providers/wechat-api.js';
import { wechatAppOf } from './providers/wechat.provider.js';
import {
  cachedToken,
  forgetToken,
  type FreshToken,
  type TokenDeps,
} from './providers/wechat-tokens.js';

/** WeChat's tokens and tickets live 7200 s; the sandbox's ticket does too. */
const SANDBOX_TICKET_SECONDS = 7200;

/**
 * The JS-SDK ticket of a site and its app id (spec §7). On a WeChat site it comes from
 * `cgi-bin/ticket/getticket` with the cached access token; on a sandbox site it is a random value
 * cached the same way, so the web app's signing path runs unchanged in an ordinary browser.
 */
export async function jsapiTicket(
  deps: TokenDeps,
  site: SiteRow,
): Promise<{ appId: string; ticket: string }> {
  const ticket =
    site.messenger_mode === 'sandbox'
      ? await cachedToken(deps, site.id, 'jsapi_ticket', async () => ({
          value: `sandbox-${randomToken(24)}`,
          expiresInSeconds: SANDBOX_TICKET_SECONDS,
        }))
      : await cachedToken(deps, site.id, 'jsapi_ticket', () => fetchTicket(deps, site));
  return { appId: site.wechat_app_id, ticket };
}

/** The access token of the official account (`cgi-bin/token`), cached for every instance. */
export function wechatAccessToken(deps: TokenDeps, site: SiteRow): Promise<string> {
  const app = wechatAppOf(site);
  return cachedToken(deps, site.id, 'access_token', async () => {
    const answer = await unavailableOnError(fetchAccessToken(deps.wechat.endpoints, app));
    return { value: answer.access_token, expiresInSeconds: answer.expires_in };
  });
}

/** WeChat said this access token is no longer valid: the next caller fetches a new one. */
export function forgetWechatAccessToken(
  deps: TokenDeps,
  site: SiteRow,
  token: string,
): Promise<void> {
  return forgetToken(deps, site.id, 'access_token', token);
}

async function fetchTicket(deps: TokenDeps, site: SiteRow): Promise<FreshToken> {
  // WeChat may end an access token before its time (another system fetched a new one): when the
  // ticket call says so, forget that token and try once more with a fresh one.
  for (let attempt = 1; ; attempt += 1) {
    const accessToken = await wechatAccessToken(deps, site);
    try {
      const answer = await fetchJsapiTicket(deps.wechat.endpoints, accessToken);
      return { value: answer.ticket, expiresInSeconds: answer.expires_in };
    } catch (error) {
      const isTokenRefused =
        error instanceof WechatApiCallError && ACCESS_TOKEN_ERRORS.has(error.errcode);
      if (isTokenRefused && attempt === 1) {
        await forgetToken(deps, site.id, 'access_token', accessToken);
        continue;
      }
      throw toUnavailable(error);
    }
  }
}

async function unavailableOnError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw toUnavailable(error);
  }
}

function toUnavailable(error: unknown): unknown {
  if (error instanceof WechatApiCallError) {
    return new AppError('MESSENGER_UNAVAILABLE', { errcode: error.errcode, reason: error.message });
  }
  return error;
}
