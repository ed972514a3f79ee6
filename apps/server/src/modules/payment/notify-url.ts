import type { SiteRow } from '../site/index.js';

/** WeChat Pay's notify_url of a site, for payments and refunds alike (notify.routes serves it). */
export function notifyUrlFor(origin: string, site: Pick<SiteRow, 'code'>): string {
  return `${origin}/api/wxpay/notify/${encodeURIComponent(site.code)}`;
}
