import type { AppDeps } from '../../app-deps.js';
import { brandOf, type SiteRow } from '../site/index.js';
import type { MessengerProfile, MessengerProvider } from './providers/messenger-provider.js';
import { createSandboxProvider, SANDBOX_AUTHORIZE_PATH } from './providers/sandbox.provider.js';
import { createWechatProvider, WECHAT_AUTHORIZE_URL } from './providers/wechat.provider.js';

export function messengerFor(
  deps: Pick<AppDeps, 'db' | 'clock' | 'wechat'>,
  site: SiteRow,
): MessengerProvider {
  if (site.messenger_mode === 'sandbox') return createSandboxProvider(deps, site);
  return createWechatProvider(deps, site);
}

export function exchangeMessengerCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'wechat'>,
  site: SiteRow,
  code: string,
): Promise<MessengerProfile> {
  return messengerFor(deps, site).exchangeCode(code);
}

export function authConfig(site: SiteRow) {
  const isSandbox = site.messenger_mode === 'sandbox';
  return {
    appId: site.wechat_app_id,
    authorizeUrl: isSandbox ? SANDBOX_AUTHORIZE_PATH : WECHAT_AUTHORIZE_URL,
    mode: site.messenger_mode,
    brand: brandOf(site),
  };
}
