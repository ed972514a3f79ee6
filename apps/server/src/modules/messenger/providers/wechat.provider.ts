import { AppError } from '../../../lib/errors.js';
import type { SiteRow } from '../../site/index.js';
import type { MessengerProfile, MessengerProvider } from './messenger-provider.js';
import {
  CODE_ERRORS,
  fetchOAuthAccessToken,
  fetchUserInfo,
  WechatApiCallError,
} from './wechat-api.js';
import type { TokenDeps } from './wechat-tokens.js';

/** WeChat's web authorisation page (snsapi_userinfo). */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** The app id and secret of a WeChat site; the secret is used here and never leaves the server. */
export function wechatAppOf(site: SiteRow): { appId: string; secret: string } {
  if (!site.wechat_app_secret) {
    throw new AppError('MESSENGER_UNAVAILABLE', { reason: `site ${site.code} has no app secret` });
  }
  return { appId: site.wechat_app_id, secret: site.wechat_app_secret };
}

/**
 * Sign-in through WeChat's web authorisation: the code becomes an OAuth access token with the
 * openid (and unionid), then `sns/userinfo` gives the nickname and avatar.
 */
export function createWechatProvider(
  deps: Pick<TokenDeps, 'wechat'>,
  site: SiteRow,
): MessengerProvider {
  const endpoints = deps.wechat.endpoints;
  return {
    mode: 'wechat',
    authorizeUrl: WECHAT_AUTHORIZE_URL,
    async exchangeCode(code) {
      const app = wechatAppOf(site);
      try {
        const token = await fetchOAuthAccessToken(endpoints, app, code);
        if (!token.scope.split(',').includes('snsapi_userinfo')) {
          // A silent (snsapi_base) authorisation has no profile to read.
          return {
            openid: token.openid,
            unionid: token.unionid ?? null,
            nickname: `用户${token.openid.slice(-6)}`,
            avatarUrl: null,
          } satisfies MessengerProfile;
        }
        const user = await fetchUserInfo(endpoints, token.access_token, token.openid);
        return {
          openid: token.openid,
          unionid: user.unionid ?? token.unionid ?? null,
          nickname: user.nickname || `用户${token.openid.slice(-6)}`,
          avatarUrl: user.headimgurl || null,
        } satisfies MessengerProfile;
      } catch (error) {
        if (error instanceof WechatApiCallError) {
          if (CODE_ERRORS.has(error.errcode)) {
            throw new AppError('LOGIN_CODE_INVALID', { errcode: error.errcode });
          }
          throw new AppError('MESSENGER_UNAVAILABLE', {
            errcode: error.errcode,
            reason: error.message,
          });
        }
        throw error;
      }
    },
  };
}
