import type { Kysely } from 'kysely';
import type { SiteBrand } from '@marquee/contracts';
import type { SiteResolver, SiteRow } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { wechatNotifyOriginProblem } from '../../lib/wechat/wechat-text.js';
import { devKeyring, type SecretsKeyring } from '../../lib/secrets.js';
import { openSiteSecrets } from './site-secrets.js';
import { loadPlatformKeys } from './wechat-platform-keys.js';
import * as siteRepository from './site.repository.js';

export interface SiteSettings {
  /** Seats one film order may hold. */
  maxSeatsPerOrder: number;
  /** Minutes a seat hold lasts before its seats are free again. */
  holdMinutes: number;
  /** Minutes before a show starts after which a ticket can no longer be refunded. */
  refundCutoffMinutes: number;
  /** Minutes a store order keeps its reserved stock before it expires unpaid. */
  storeOrderMinutes: number;
  /** Minutes a hall needs between two shows (cleaning, seating): the schedule keeps them free. */
  cleaningMinutes: number;
  /**
   * Minutes before a show's start when its online sales close (column `sales_close_minutes`,
   * 0021): no hold after that, and no hold or pay deadline runs past it.
   */
  salesCloseMinutes: number;
  /** Minutes before a show after which a ticket can no longer be exchanged (改签, decision 025). */
  exchangeCutoffMinutes: number;
  /** The door admits a ticket from this many minutes before its show starts (decision 044). */
  admitBeforeMinutes: number;
  /** ... until this many minutes after the start; later it is refused as too late. */
  admitAfterMinutes: number;
  /**
   * Whether a `?setToken=` link may carry a session token itself (spec §4) rather than a one-time
   * hand-off code (decision 038). On by default for older links and scripts; `npm run
   * site:set-token -- --site <code> --raw off` switches it off.
   */
  isRawSetTokenAllowed: boolean;
  /** Minutes a seat hold taken at the box office lasts (decision 043): a customer at the till. */
  counterHoldMinutes: number;
  /** Fen a cashier may refund at the counter; a larger refund needs a manager or owner. */
  cashierRefundLimitFen: number;
}

const defaultSettings: SiteSettings = {
  maxSeatsPerOrder: 6,
  holdMinutes: 15,
  refundCutoffMinutes: 60,
  storeOrderMinutes: 15,
  cleaningMinutes: 15,
  salesCloseMinutes: 0,
  exchangeCutoffMinutes: 30,
  admitBeforeMinutes: 60,
  admitAfterMinutes: 30,
  isRawSetTokenAllowed: true,
  counterHoldMinutes: 5,
  cashierRefundLimitFen: 20_000,
};

export function siteSettings(
  site: Pick<SiteRow, 'settings'> & Partial<Pick<SiteRow, 'sales_close_minutes'>>,
): SiteSettings {
  return {
    ...defaultSettings,
    ...(site.settings as Partial<SiteSettings>),
    // A column, so that hold_film_seats reads the same number in SQL.
    salesCloseMinutes: site.sales_close_minutes ?? defaultSettings.salesCloseMinutes,
  };
}

const CACHE_MS = 30_000;

/**
 * The site of the `site` header, cached briefly, with its WeChat secrets opened (they are
 * encrypted at rest, site-secrets.ts); every WeChat adapter gets its site from here.
 */
export function createSiteResolver(
  db: Kysely<Database>,
  keyring: SecretsKeyring = devKeyring(),
  log?: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
  },
): SiteResolver {
  const cache = new Map<string, { site: SiteRow; until: number }>();
  return {
    async resolve(code) {
      const key = (code ?? '').trim().toLowerCase();
      const cached = cache.get(key);
      if (cached && cached.until > Date.now()) return cached.site;
      const site = key ? await siteRepository.findByCode(db, key) : undefined;
      if (!site) throw new AppError('SITE_UNKNOWN', { site: key });
      const onUnreadable = (error: Error) =>
        log?.error({ err: error, site: site.code }, 'a WeChat secret of this site does not open');
      const opened: SiteRow = {
        ...openSiteSecrets(site, keyring, {
          onPlaintext: (column) =>
            log?.warn(
              { site: site.code, column },
              'secret stored in plain text until the next start',
            ),
          onUnreadable,
        }),
        wechatPayPlatformKeys: await loadPlatformKeys(db, site.id, keyring, onUnreadable),
      };
      cache.set(key, { site: opened, until: Date.now() + CACHE_MS });
      return opened;
    },
  };
}

/** The site's brand as its pages show it (0021): short names fall back to the full name. */
export function brandOf(
  site: Pick<SiteRow, 'name' | 'short_name' | 'short_name_en' | 'logo_url' | 'theme_color'>,
): SiteBrand {
  const shortName = site.short_name ?? site.name;
  return {
    name: site.name,
    shortName,
    shortNameEn: site.short_name_en ?? shortName,
    logoUrl: site.logo_url,
    themeColor: site.theme_color,
  };
}

/** The messenger sandbox must never run in production: refuse to start instead. */
export async function assertNoSandboxInProduction(db: Kysely<Database>, isProduction: boolean) {
  if (!isProduction) return;
  const sandboxed = (await siteRepository.listMessengerModes(db)).filter(
    (site) => site.messenger_mode === 'sandbox',
  );
  if (sandboxed.length > 0) {
    throw new Error(
      `NODE_ENV=production but these sites use the messenger sandbox: ${sandboxed
        .map((site) => site.code)
        .join(', ')}. Give them WeChat credentials first (see README).`,
    );
  }
}

/**
 * In production, refuse to start while a WeChat site's own `public_origin` could not receive
 * WeChat Pay's notices (env.ts checks PUBLIC_ORIGIN the same way): WeChat would refuse every
 * prepay and refund naming it.
 */
export async function assertWechatNotifyOrigins(db: Kysely<Database>, isProduction: boolean) {
  if (!isProduction) return;
  const problems = (await siteRepository.listMessengerModes(db)).flatMap((site) => {
    const problem =
      site.messenger_mode === 'wechat' && site.public_origin
        ? wechatNotifyOriginProblem(site.public_origin)
        : null;
    return problem ? [`site ${site.code}: ${problem}`] : [];
  });
  if (problems.length > 0) {
    throw new Error(
      `NODE_ENV=production but WeChat Pay cannot call these sites back (it needs https on a public host name, no port):\n  ${problems.join('\n  ')}\nFix them with npm run site:wechat -- --site <code> --public-origin https://…`,
    );
  }
}

/**
 * The origin WeChat Pay calls back (notify_url) and other absolute links are built on: the site's
 * own `public_origin`, else the deployment's PUBLIC_ORIGIN. Never the request's Host header, which
 * the caller chooses.
 */
export function publicOriginOf(
  deps: { publicOrigin: string },
  site: Pick<SiteRow, 'public_origin'>,
): string {
  return site.public_origin ?? deps.publicOrigin;
}
