export {
  createSiteResolver,
  siteSettings,
  assertNoSandboxInProduction,
  type SiteRow,
  type SiteResolver,
  type SiteSettings,
} from './site.service.js';
export { findByAppId as findSiteByAppId } from './site.repository.js';
