export {
  createSiteResolver,
  siteSettings,
  assertNoSandboxInProduction,
  assertWechatNotifyOrigins,
  publicOriginOf,
  brandOf,
  type SiteSettings,
} from './site.service.js';
export {
  assertSiteSecretsOpen,
  resealAllSiteSecrets,
  sealSiteSecrets,
  siteSecretColumns,
  siteSecretContext,
  type ResealCount,
} from './site-secrets.js';
export {
  addPlatformKey,
  loadPlatformKeys,
  platformKeyContext,
  retirePlatformKey,
  sealPlatformKey,
} from './wechat-platform-keys.js';
export { listPlatformKeys } from './site.repository.js';
export type { SiteRow, SiteResolver } from '../../app-deps.js';
export { findByAppId as findSiteByAppId, findById as findSiteById } from './site.repository.js';
export {
  findSettings as findSiteSettings,
  mergeSettings as mergeSiteSettings,
} from './site.repository.js';
