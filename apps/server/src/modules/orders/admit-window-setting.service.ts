import type { AdmitWindow } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import { findSiteSettings, mergeSiteSettings, siteSettings } from '../site/index.js';
import { recordAudit } from '../staff/index.js';

/**
 * The door's admit window, a site setting (decision 044) kept in `sites.settings`. The site
 * resolver caches a site for 30 seconds, so a new window reaches the door within that.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const windowOf = (settings: Record<string, unknown>): AdmitWindow => {
  const { admitBeforeMinutes, admitAfterMinutes } = siteSettings({ settings });
  return { admitBeforeMinutes, admitAfterMinutes };
};

export async function getAdmitWindow(deps: Pick<AppDeps, 'db'>, site: SiteRow) {
  return windowOf((await findSiteSettings(deps.db, site.id)).settings);
}

/** One transaction: the site's row locked, the two settings merged in, the change audited. */
export async function saveAdmitWindow(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  window: AdmitWindow,
): Promise<AdmitWindow> {
  return deps.db.transaction().execute(async (trx) => {
    const before = windowOf((await findSiteSettings(trx, site.id, { lock: true })).settings);
    await mergeSiteSettings(trx, site.id, window);
    await recordAudit(trx, site, staff, deps.clock.now(), {
      action: 'site.admitWindow',
      entity: 'site',
      entityId: site.id,
      before,
      after: window,
    });
    return window;
  });
}
