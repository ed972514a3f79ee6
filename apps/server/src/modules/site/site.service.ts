import type { Kysely } from 'kysely';
import type { SiteResolver, SiteRow } from '../../app-deps.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import * as siteRepository from './site.repository.js';

export interface SiteSettings {
  /** Seats one film order may hold (issue 3). */
  maxSeatsPerOrder: number;
  /** Minutes a seat hold lasts before its seats are free again. */
  holdMinutes: number;
  /** Minutes before a show starts after which a ticket can no longer be refunded. */
  refundCutoffMinutes: number;
  /** Minutes a store order keeps its reserved stock before it expires unpaid. */
  storeOrderMinutes: number;
}

const defaultSettings: SiteSettings = {
  maxSeatsPerOrder: 6,
  holdMinutes: 15,
  refundCutoffMinutes: 60,
  storeOrderMinutes: 15,
};

export function siteSettings(site: Pick<SiteRow, 'settings'>): SiteSettings {
  return { ...defaultSettings, ...(site.settings as Partial<SiteSettings>) };
}

const CACHE_MS = 30_000;

export function createSiteResolver(db: Kysely<Database>): SiteResolver {
  const cache = new Map<string, { site: SiteRow; until: number }>();
  return {
    async resolve(code) {
      const key = (code ?? '').trim().toLowerCase();
      const cached = cache.get(key);
      if (cached && cached.until > Date.now()) return cached.site;
      const site = key ? await siteRepository.findByCode(db, key) : undefined;
      if (!site) throw new AppError('SITE_UNKNOWN', { site: key });
      cache.set(key, { site: site as SiteRow, until: Date.now() + CACHE_MS });
      return site as SiteRow;
    },
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
