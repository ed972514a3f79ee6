import type { AppDeps } from '../../../app-deps.js';
import type { SiteRow } from '../../site/index.js';
import type { PayProvider } from './pay-provider.js';
import { createSandboxPayProvider } from './sandbox-pay.provider.js';
import { createWechatPayProvider } from './wechat-pay.provider.js';

/**
 * What the payment services need: the database, the clock, where WeChat is, and the public origin
 * WeChat's notices come back to.
 */
export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'wechat' | 'publicOrigin'>;

/**
 * The pay provider of a site: the local sandbox when its messenger is the sandbox, else WeChat Pay
 * (a site without merchant credentials answers PAYMENT_PROVIDER_FAILED when asked to pay).
 */
export function payProviderFor(deps: PaymentDeps, site: SiteRow): PayProvider {
  if (site.messenger_mode === 'sandbox') return createSandboxPayProvider(deps, site);
  return createWechatPayProvider(site, { endpoints: deps.wechat.endpoints, clock: deps.clock });
}
