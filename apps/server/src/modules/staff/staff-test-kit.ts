import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { StaffRole } from '@marquee/contracts/console';
import { DEMO_SITE_CODE } from '../../db/demo-data.js';
import { demoCinemas } from '../../db/demo/cinemas.js';
import type { Database } from '../../db/schema.js';
import { call, type CallResult } from '../../test-support/test-app.js';
import type { TestClock } from '../../test-support/test-clock.js';
import { createStaff } from './staff.service.js';

/** Helpers of the staff tests: console calls with a staff token, sign-ins, a second site. */

export const DEMO_PASSWORDS = {
  owner: 'owner2026',
  manager: 'manager2026',
  cashier: 'cashier2026',
} as const;

/** A different address per call, as separate terminals: the per-address login limit stays apart. */
export const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export function consoleCall<T = Record<string, unknown>>(
  app: FastifyInstance,
  options: {
    method?: 'GET' | 'POST';
    url: string;
    staffToken?: string;
    /** A moviegoer token, to show it is never taken here. */
    token?: string;
    site?: string | null;
    body?: unknown;
    /** The caller's address; a fresh one per call when absent. */
    remoteAddress?: string;
  },
): Promise<CallResult<T>> {
  return call<T>(app, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    url: options.url,
    token: options.token,
    site: options.site,
    body: options.body,
    headers: options.staffToken === undefined ? {} : { 'x-staff-token': options.staffToken },
    remoteAddress: options.remoteAddress ?? someAddress(),
  });
}

/** A console sign-in from `remoteAddress` (a fresh address each time when absent). */
export function login(
  app: FastifyInstance,
  username: string,
  password: string,
  site?: string,
  remoteAddress?: string,
) {
  return consoleCall<{ token: string; expiresAt: string; staff: { role: StaffRole } }>(app, {
    url: '/api/console/auth/login',
    site,
    body: { username, password },
    remoteAddress,
  });
}

export async function staffToken(
  app: FastifyInstance,
  username: string,
  password: string,
  site?: string,
): Promise<string> {
  const answer = await login(app, username, password, site);
  if (answer.body.code !== 0) {
    throw new Error(`staff sign-in of ${username} failed: ${answer.body.code} ${answer.body.msg}`);
  }
  return answer.body.data.token;
}

/** The demo site's id and its cinemas: the first (the demo manager's and cashier's) and another. */
export async function demoSite(db: Kysely<Database>) {
  const site = await db
    .selectFrom('sites')
    .select('id')
    .where('code', '=', DEMO_SITE_CODE)
    .executeTakeFirstOrThrow();
  const cinemas = await db
    .selectFrom('cinemas')
    .select(['id', 'name'])
    .where('site_id', '=', site.id)
    .execute();
  const first = cinemas.find((c) => c.name === demoCinemas[0]!.name)!;
  const other = cinemas.find((c) => c.id !== first.id)!;
  return { siteId: site.id, firstCinemaId: first.id, otherCinemaId: other.id };
}

let siteCounter = 0;

/** Another chain on the same deployment, with one cinema and an owner `boss` (password given). */
export async function createOtherSite(db: Kysely<Database>, clock: TestClock, password: string) {
  const code = `other-${process.pid}-${++siteCounter}-${randomInt(1e6)}`;
  const site = await db
    .insertInto('sites')
    .values({
      code,
      name: '别家影城',
      messenger_mode: 'sandbox',
      wechat_app_id: `wx-${code}`,
      wechat_app_secret: null,
      settings: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cinema = await db
    .insertInto('cinemas')
    .values({
      site_id: site.id,
      name: '别家影城（一号店）',
      address: '某路 1 号',
      phone: '021-00000000',
      latitude: 31.2,
      longitude: 121.4,
      tags: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createStaff({ db, clock }, site, 'cli', {
    username: 'boss',
    displayName: 'Boss',
    role: 'owner',
    cinemaIds: [],
    password,
  });
  return { code, siteId: site.id, cinemaId: cinema.id };
}

export async function countRows(
  db: Kysely<Database>,
  table: 'staff' | 'audit_log' | 'staff_cinemas',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

let userCounter = 0;
export const uniqueUsername = (prefix = 'u') =>
  `${prefix}${process.pid % 1000}${++userCounter}${randomInt(1e6).toString(36)}`;
