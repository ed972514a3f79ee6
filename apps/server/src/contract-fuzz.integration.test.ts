import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '@marquee/contracts';
import type { CallDefinition } from '@marquee/contracts';
import { DEMO_SITE_CODE } from './db/demo-data.js';
import { createTestApp, signIn, uniqueOpenid, type TestApp } from './test-support/test-app.js';
import { describeOnEachDatabase } from './test-support/test-database.js';

/**
 * Property-based fuzzing of every documented moviegoer call (the contracts in
 * packages/contracts/src/calls): malformed, boundary and hostile values in the query and body
 * (wrong types, NUL bytes, huge strings, deeply nested bodies, ids that are not UUIDs, broken
 * JSON). Every answer must be the envelope, never a 5xx, and a refused call must write no row.
 * Bounded: PGlite gets the long run, the PostgreSQL server a shorter one.
 */

const RUNS = { pglite: 60, postgres: 15 } as const;

/** The moviegoer calls: every `defineCall` the contracts export. */
const isCall = (value: unknown): value is CallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'answer' in value;

const calls: [string, CallDefinition][] = Object.entries(contracts as Record<string, unknown>)
  .flatMap(([name, value]): [string, CallDefinition][] => (isCall(value) ? [[name, value]] : []))
  .sort(([a], [b]) => a.localeCompare(b));

/** The tables a refused call must leave alone. */
const WATCHED_TABLES = [
  'users',
  'sessions',
  'cards',
  'card_ledger',
  'orders',
  'order_events',
  'film_order_seats',
  'store_order_lines',
  'payments',
  'payment_refunds',
  'payment_attempts',
  'payment_notifications',
  'sandbox_pay_transactions',
  'voucher_attempts',
  'audit_log',
] as const;

/** The field names a call's query or body schema knows (zod objects, through pipes). */
function keysOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  const def = (schema as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType } }).def;
  if (def?.in) return keysOf(def.in);
  if (def?.innerType) return keysOf(def.innerType);
  return [];
}

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Strings an attacker or a broken client sends. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '\uD800',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '9007199254740993',
    '2147483648',
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-0000-0000-00000000000g',
    'not-a-uuid',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '🎬'.repeat(300),
    'x'.repeat(70_000),
    'sandbox:\u0000',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any JSON value, hostile strings included; shallow except for the deliberately deep ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, -0.001),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
    fc.integer({ min: 100, max: 3000 }).map(nested),
  ),
})).value;

/** Fields: mostly the call's own names (so validation is reached), sometimes unknown ones. */
const fieldsFor = (keys: string[]) =>
  fc.dictionary(
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 }),
    hostileValue,
    { minKeys: 1, maxKeys: Math.max(2, keys.length + 1) },
  );

/** What is sent: query fields, and for POST a JSON body or raw text that is not JSON. */
const requestFor = (call: CallDefinition) =>
  fc.record({
    query: call.method === 'GET' ? fieldsFor(keysOf(call.query)) : fc.constant({}),
    body:
      call.method === 'POST'
        ? fc.oneof(
            fieldsFor(keysOf(call.body)).map((fields) => JSON.stringify(fields)),
            hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
            fc.constantFrom('{', '{"a":', '[]', '"', '\u0000', '{"__proto__":{"x":1}}'),
          )
        : fc.constant(undefined),
    isSignedIn: fc.boolean(),
    idempotencyKey: fc.option(hostileString.filter((key) => /^[\x20-\x7e]*$/.test(key))),
  });

const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** A query string; an array value repeats its key, as `?a=1&a=2` does. */
function queryString(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, asText(item));
    else params.append(key, asText(value));
  }
  return params.toString();
}

describeOnEachDatabase('every moviegoer call under hostile input', (kind) => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimitPerMinute: 1_000_000 });
    token = await signIn(t.app, uniqueOpenid('fuzz'));
  });
  afterAll(() => t?.close());

  async function rowCounts(): Promise<Record<string, number>> {
    const parts = WATCHED_TABLES.map(
      (table) => sql`select ${table} as name, count(*)::int as n from ${sql.table(table)}`,
    );
    const { rows } = await sql<{
      name: string;
      n: number;
    }>`${sql.join(parts, sql` union all `)}`.execute(t.db);
    return Object.fromEntries(rows.map((row) => [row.name, row.n]));
  }

  it('finds the documented calls', () => {
    expect(calls.length).toBeGreaterThanOrEqual(35);
  });

  it.each(calls.map(([name, call]) => [name, call] as const))(
    '%s answers hostile input with an envelope error, never a 5xx, writing nothing',
    async (_name, call) => {
      await fc.assert(
        fc.asyncProperty(requestFor(call), async (input) => {
          // Logging out ends the session it is given: it gets a session of its own.
          const callToken =
            call.path === '/userInfo/logout' && input.isSignedIn
              ? await signIn(t.app, uniqueOpenid('fuzz-out'))
              : token;
          const before = await rowCounts();
          const qs = queryString(input.query);
          const response = await t.app.inject({
            method: call.method,
            url: `/api${call.path}${qs ? `?${qs}` : ''}`,
            headers: {
              site: DEMO_SITE_CODE,
              ...(input.isSignedIn ? { token: callToken } : {}),
              ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(input.idempotencyKey !== null ? { 'idempotency-key': input.idempotencyKey } : {}),
            },
            remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
            ...(input.body !== undefined ? { payload: input.body } : {}),
          });
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          const envelope = response.json<{ code: unknown; msg: unknown }>();
          expect(typeof envelope.code).toBe('number');
          expect(typeof envelope.msg).toBe('string');
          if (envelope.code !== 0) {
            expect(response.statusCode).toBeGreaterThanOrEqual(400);
            expect(await rowCounts()).toEqual(before);
          }
        }),
        { numRuns: RUNS[kind], endOnFailure: true },
      );
    },
    120_000,
  );
});
