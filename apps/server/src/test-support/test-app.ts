import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Envelope } from '@marquee/contracts';
import { buildApp, type AppOptions } from '../app.js';
import type { DatabaseHandle, DatabaseKind } from '../db/client.js';
import { DEMO_SITE_CODE, loadDemoDataOnce } from '../db/demo-data.js';
import type { Database } from '../db/schema.js';
import { openTestDatabase } from './test-database.js';
import { TestClock } from './test-clock.js';

export { TestClock } from './test-clock.js';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  database: DatabaseHandle;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  rateLimitPerMinute?: number;
  /** A clock shared with something else the test runs (the fake WeChat server). */
  clock?: TestClock;
  /** WeChat's base URLs: the fake WeChat server's (and how long to wait for it, fault tests). */
  wechat?: {
    apiBase: string;
    payBase: string;
    timeoutMs?: number;
    micropayPollMs?: number;
    micropayPolls?: number;
  };
  /** Tencent Cloud SMS: the fake Tencent SMS's endpoint (and how long to wait for it). */
  tencentCloud?: { smsEndpoint: string; timeoutMs?: number };
  /** Run the seat-hold sweep every so many ms (off by default: tests sweep by hand). */
  holdSweepIntervalMs?: number;
  /** Connections to the PostgreSQL server (races need many); see openTestDatabase. */
  poolSize?: number;
  /** Rate-limit counters in this Redis under this prefix (test-redis.ts); memory otherwise. */
  redis?: { url: string; keyPrefix: string };
  /** Caps of seat availability streams (AppOptions.seatStreamLimits). */
  seatStreamLimits?: AppOptions['seatStreamLimits'];
}

const UNREACHABLE_WECHAT = 'http://127.0.0.1:9';

/**
 * No background work in an app of a test: sweeps and the notice worker would race the test's
 * moved clock and call the fake WeChat behind its back. Tests run them by hand; a second app
 * instance on the same database spreads this too.
 */
export const noBackgroundWork = {
  paymentSweepIntervalMs: null,
  noticeWorkerIntervalMs: null,
  holdSweepIntervalMs: null,
} as const;

/** A fresh database with the demo data, and the app on it with a clock the test moves. */
export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind, { poolSize: options.poolSize });
  try {
    await loadDemoDataOnce(database.db);
    const clock = options.clock ?? new TestClock();
    const app = await buildApp({
      database,
      logLevel: 'silent',
      webDist: null,
      clock,
      rateLimitPerMinute: options.rateLimitPerMinute,
      // Tests never reach the real WeChat: without the fake, WeChat is a closed local port.
      wechat: options.wechat ?? { apiBase: UNREACHABLE_WECHAT, payBase: UNREACHABLE_WECHAT },
      // Nor the real Tencent Cloud.
      tencentCloud: options.tencentCloud ?? { smsEndpoint: UNREACHABLE_WECHAT, timeoutMs: 1_000 },
      ...noBackgroundWork,
      holdSweepIntervalMs: options.holdSweepIntervalMs ?? null,
      redisUrl: options.redis?.url,
      redisKeyPrefix: options.redis?.keyPrefix,
      seatStreamLimits: options.seatStreamLimits,
    });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      clock,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  /** The `site` header; `null` sends none. Default: the demo site. */
  site?: string | null;
  /** An object is sent as JSON; a string is sent as it is (as JSON unless headers say otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface CallResult<T> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

/** One API call through `app.inject`, its answer parsed from JSON. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  options: CallOptions,
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  const site = options.site === undefined ? DEMO_SITE_CODE : options.site;
  if (site !== null) headers.site = site;
  if (options.token !== undefined) headers.token = options.token;
  if (typeof options.body === 'string') headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers,
    remoteAddress: options.remoteAddress,
    ...(options.body === undefined
      ? {}
      : { payload: options.body as string | Record<string, unknown> }),
  });
  let body: Envelope<T>;
  try {
    body = response.json<Envelope<T>>();
  } catch {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url} answered ${response.statusCode} with no JSON: ${response.body.slice(0, 200)}`,
    );
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/**
 * Sign in through the scripted sandbox code `sandbox:<openid>` (the user is created on first use)
 * and return the session token. Each sign-in comes from an address of its own, as phones do, so
 * the per-address limit on logins does not couple tests.
 */
export async function signIn(
  app: FastifyInstance,
  openid: string,
  options: { site?: string } = {},
): Promise<string> {
  const answer = await call<{ token: string }>(app, {
    method: 'POST',
    url: '/api/wx/redirect/login',
    site: options.site ?? DEMO_SITE_CODE,
    body: { code: `sandbox:${openid}` },
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  if (answer.body.code !== 0) {
    throw new Error(`sign-in of ${openid} failed: ${answer.body.code} ${answer.body.msg}`);
  }
  return answer.body.data.token;
}

/** An openid no other test uses. */
export function uniqueOpenid(prefix = 'test'): string {
  return `${prefix}-${randomInt(1e9).toString(36)}${Date.now().toString(36)}`;
}
