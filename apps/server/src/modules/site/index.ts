export {
  createSiteResolver,
  siteSettings,
  assertNoSandboxInProduction,
  type SiteSettings,
} from './site.service.js';
export type { SiteRow, SiteResolver } from '../../app-deps.js';
export { findByAppId as findSiteByAppId, findById as findSiteById } from './site.repository.js';
