import type { Kysely, Selectable } from 'kysely';
import type { Database, SitesTable } from './db/schema.js';
import type { DatabaseKind, Listen } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { SecretsKeyring } from './lib/secrets.js';
import type { TencentCloudEndpoints } from './lib/tencent-cloud/tencent-cloud-http.js';
import type { WechatDeps } from './lib/wechat/wechat-http.js';
import type { StaffRole } from '@marquee/contracts/console';
import type { WechatPlatformKey } from './lib/wechat/platform-keys.js';

/*
 * The request context: what every module gets (AppDeps) and what every call is about (the site,
 * the signed-in user). It imports no module, so plugins and modules can all depend on it without
 * closing an import circle; the site and auth modules implement the two checks it names.
 */

/** What every module gets: the database, the clock, and the two checks every call passes. */
export interface AppDeps {
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** LISTEN to the database's notifications (seat changes), on either kind of database. */
  listen: Listen;
  clock: Clock;
  isProduction: boolean;
  /** Requests per minute per user (or address) for API calls without a limit of their own. */
  rateLimitPerMinute: number;
  /** Seconds before another text code of the same purpose (env PHONE_CODE_RESEND_SECONDS). */
  phoneCodeResendSeconds: number;
  /** The server-side secret of pay password hashes (env PAY_PASSWORD_PEPPER). */
  payPasswordPepper: string;
  /** The keys of secrets at rest (env SECRETS_KEY, SECRETS_PREVIOUS_KEYS). */
  secrets: SecretsKeyring;
  /**
   * Where the public reaches this deployment (env PUBLIC_ORIGIN): WeChat Pay's notify_url is
   * built on it (or on the site's own public_origin), never on the request's Host header.
   */
  publicOrigin: string;
  /** Where WeChat is (configurable so tests use the fake WeChat server) and its token cache. */
  wechat: WechatDeps;
  /** Where Tencent Cloud SMS is (configurable so tests use the fake Tencent SMS, decision 032). */
  tencentCloud: TencentCloudEndpoints;
  sites: SiteResolver;
  sessions: SessionAuthenticator;
  /** Staff sessions of the console (header `x-staff-token`), apart from moviegoers' sessions. */
  staffSessions: StaffAuthenticator;
}

/** One site (cinema chain) as stored in `sites`, with its WeChat Pay platform keys. */
export type SiteRow = Selectable<SitesTable> & {
  /** The keys not retired of site_wechat_platform_keys (0047), opened. */
  wechatPayPlatformKeys: readonly WechatPlatformKey[];
};

export interface SiteResolver {
  /** The site named by the `site` header; an unknown or missing one is a clear error. */
  resolve(code: string | undefined): Promise<SiteRow>;
}

export interface SignedInUser {
  id: string;
  siteId: string;
  sessionId: string;
  openid: string;
  nickname: string;
  avatarUrl: string | null;
  phone: string | null;
  hasPayPassword: boolean;
  /** When a lockout of card payments ends (five wrong pay passwords); null or absent: none. */
  payPasswordLockedUntil?: Date | null;
  /** Care mode (关怀模式): the user's display preference (decision 028). */
  isCareMode: boolean;
  createdAt: Date;
}

export interface SessionAuthenticator {
  /**
   * The live session of a token (not expired, not revoked) on whichever site, with its user; null
   * for a missing, malformed or unknown token. One query: a call looks it up once and both the
   * rate limit's key and the sign-in check use the answer (plugins/request-session.ts).
   */
  find(token: string | undefined): Promise<LiveSession | null>;
  /**
   * The signed-in user of this token on this site; -1001 when it is missing, unknown, expired or
   * revoked. Inside a call, use the call's user (bindCall) instead: it reuses the look-up.
   */
  authenticate(site: SiteRow, token: string | undefined): Promise<SignedInUser>;
  /**
   * Who the token's live session belongs to, without the profile, when this process looked it up
   * in the last few seconds (modules/auth/session-cache.ts); null when it did not (then `find`).
   * For calls that need only the user's id: a seat hold, the rate limit's key.
   */
  keptIdentity(token: string | undefined): LiveIdentity | null;
  /** This process's memory of the session is dropped now (a sign-out, after its commit). */
  forget(sessionId: string): void;
  /** Stop listening for sessions ended elsewhere (app close). */
  close(): Promise<void>;
}

/** A live session as its identity only: the site it was signed in on and its user's ids. */
export interface LiveIdentity {
  siteId: string;
  user: SessionIdentity;
}

/** The part of a signed-in user that never changes while the session lives. */
export type SessionIdentity = Pick<SignedInUser, 'id' | 'siteId' | 'sessionId'>;

/** A live session: the site it was signed in on and its user. */
export interface LiveSession {
  siteId: string;
  user: SignedInUser;
}

/** The staff member behind a console call, as the guard and the services see them. */
export interface SignedInStaff {
  id: string;
  siteId: string;
  sessionId: string;
  username: string;
  displayName: string;
  role: StaffRole;
  /** The cinemas a manager or cashier covers; empty for owners, who cover the whole site. */
  cinemaIds: string[];
}

export interface StaffAuthenticator {
  /** The staff member of this `x-staff-token` on this site; STAFF_UNAUTHENTICATED otherwise. */
  authenticate(site: SiteRow, token: string | undefined): Promise<SignedInStaff>;
  /** The staff id of a live session on any site, or null: console rate limits count per person. */
  staffIdOf(token: string): Promise<string | null>;
  /** The cinema if it belongs to the site (the guard's check for owners). */
  findCinemaOfSite(siteId: string, cinemaId: string): Promise<{ id: string } | undefined>;
}
