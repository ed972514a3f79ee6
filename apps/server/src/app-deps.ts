import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { DatabaseKind } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { WechatDeps } from './lib/wechat/wechat-http.js';
import type { SiteResolver } from './modules/site/index.js';
import type { SessionAuthenticator } from './modules/auth/index.js';
import type { StaffAuthenticator } from './modules/staff/index.js';

/** What every module gets: the database, the clock, and the two checks every call passes. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  clock: Clock;
  isProduction: boolean;
  /** Requests per minute per user (or address) for API calls without a limit of their own. */
  rateLimitPerMinute: number;
  /** The server-side secret of pay password hashes (env PAY_PASSWORD_PEPPER). */
  payPasswordPepper: string;
  /** Where WeChat is (configurable so tests use the fake WeChat server) and its token cache. */
  wechat: WechatDeps;
  sites: SiteResolver;
  sessions: SessionAuthenticator;
  /** Staff sessions of the console (header `x-staff-token`), apart from moviegoers' sessions. */
  staffSessions: StaffAuthenticator;
}
