/**
 * Seat-hold benchmark (a script that prints figures, not a test).
 *
 *   npm run bench:seats
 *
 * Starts the app in this process on the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test) in a fresh schema that it drops at the end, listens on
 * a random port, signs in BENCH_CLIENTS users, and lets each hold random seat pairs of one show in
 * the 500-seat hall over HTTP, as fast as it can, for BENCH_SECONDS. Each user's new hold releases
 * their previous one (one unpaid order per user per show), so the hall churns instead of filling.
 * With BENCH_URL it drives an already running server instead (its demo site must use the
 * messenger sandbox; set RATE_LIMIT_PER_MINUTE high there).
 *
 * Prints holds per second, p50/p99 latency, conflicts (40902), rule refusals, errors, and the seats
 * held twice: from the clients' view (the latest holds of all users must be disjoint) and, when the
 * database is ours, from film_order_seats. Both must be 0.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Envelope, FilmOrder } from '@marquee/contracts';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { DEMO_SITE_CODE, loadDemoDataOnce } from '../src/db/demo-data.js';
import { migrateToLatest } from '../src/db/migrate.js';

type SeatMap = {
  showInfo: { showId: string; hallName: string };
  rows: { label: string; seats: { id: string; label: string; x: number; kind: string }[] }[];
};

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clients = Number(process.env.BENCH_CLIENTS ?? 64);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const poolSize = Number(process.env.BENCH_POOL ?? 20);
const site = DEMO_SITE_CODE;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startLocalServer() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await admin(`create schema ${schema}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, schema, poolSize });
  await migrateToLatest(database.db);
  await loadDemoDataOnce(database.db);
  const app = await buildApp({
    database,
    logLevel: 'warn',
    webDist: null,
    rateLimitPerMinute: Number(process.env.RATE_LIMIT_PER_MINUTE ?? 1_000_000),
    paymentSweepIntervalMs: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    database,
    /** Sign in through the app directly, each user from an address of its own (as phones are). */
    async signIn(count: number) {
      return Promise.all(
        Array.from({ length: count }, async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/wx/redirect/login',
            headers: { site },
            remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
            payload: { code: `sandbox:bench-${randomBytes(6).toString('hex')}` },
          });
          return response.json<Envelope<{ token: string }>>().data.token;
        }),
      );
    },
    async stop() {
      await app.close();
      await database.close();
      await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}

async function api<T>(base: string, path: string, init: RequestInit = {}, token?: string) {
  const headers: Record<string, string> = { site, 'content-type': 'application/json' };
  if (token) headers.token = token;
  const response = await fetch(`${base}/api${path}`, { ...init, headers });
  return (await response.json()) as Envelope<T>;
}

async function signInAll(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const openid = `bench-${randomBytes(6).toString('hex')}`;
    const answer = await api<{ token: string }>(base, '/wx/redirect/login', {
      method: 'POST',
      body: JSON.stringify({ code: `sandbox:${openid}` }),
    });
    if (answer.code === 42901) {
      const wait = Number((answer.data as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60);
      console.log(`sign-in rate limited; waiting ${wait} s`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    if (answer.code !== 0) throw new Error(`sign-in failed: ${answer.code} ${answer.msg}`);
    tokens.push(answer.data.token);
  }
  return tokens;
}

/** A show in the big hall that starts tomorrow or later (so it stays on sale during the run). */
async function pickShow(base: string): Promise<SeatMap> {
  const cinemas = await api<{ list: { id: string }[] }>(base, '/cinema/list?pageSize=50');
  for (const cinema of cinemas.data.list) {
    const detail = await api<{ showDates: string[] }>(base, `/cinema/detail?cinemaId=${cinema.id}`);
    const date = detail.data.showDates[1];
    if (!date) continue;
    const shows = await api<{ films: { shows: { showId: string; hallName: string }[] }[] }>(
      base,
      `/cinema/shows?cinemaId=${cinema.id}&date=${date}`,
    );
    for (const show of shows.data.films.flatMap((film) => film.shows)) {
      const map = await api<SeatMap>(base, `/show/seats?showId=${show.showId}`);
      const seatCount = map.data.rows.reduce((sum, row) => sum + row.seats.length, 0);
      if (seatCount >= 500) return map.data;
    }
  }
  throw new Error('no show in a hall of 500+ seats found');
}

/**
 * Seat pairs that never break the seat rules whatever else is held: rows of ordinary seats only,
 * pairs aligned to even offsets inside each block between aisles (every gap left is even).
 */
function alignedPairs(map: SeatMap): string[][] {
  const pairs: string[][] = [];
  for (const row of map.rows) {
    if (row.seats.some((seat) => seat.kind !== 'normal' && seat.kind !== 'wheelchair')) continue;
    let block: typeof row.seats = [];
    const flush = () => {
      for (let i = 0; i + 1 < block.length; i += 2) pairs.push([block[i]!.id, block[i + 1]!.id]);
      block = [];
    };
    for (const seat of row.seats) {
      if (block.length > 0 && seat.x !== block.at(-1)!.x + 1) flush();
      block.push(seat);
    }
    flush();
  }
  return pairs;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const local = process.env.BENCH_URL ? null : await startLocalServer();
  const base = process.env.BENCH_URL ?? local!.url;
  try {
    const map = await pickShow(base);
    const pairs = alignedPairs(map);
    const tokens = local ? await local.signIn(clients) : await signInAll(base, clients);
    console.log(
      `show ${map.showInfo.showId} in ${map.showInfo.hallName}: ${pairs.length} seat pairs, ` +
        `${clients} clients, ${seconds} s, ${local ? `in-process server, pool ${poolSize}` : base}`,
    );

    const latencies: number[] = [];
    const counts = { held: 0, conflicts: 0, ruleRefusals: 0, errors: 0 };
    const latestHold = new Map<number, string[]>();
    const errorCodes = new Map<number, number>();
    const started = performance.now();
    const deadline = started + seconds * 1000;

    await Promise.all(
      tokens.map(async (token, client) => {
        while (performance.now() < deadline) {
          const seatIds = pairs[randomInt(pairs.length)]!;
          const t0 = performance.now();
          let answer: Envelope<FilmOrder>;
          try {
            answer = await api<FilmOrder>(
              base,
              '/filmOrder/create',
              { method: 'POST', body: JSON.stringify({ showId: map.showInfo.showId, seatIds }) },
              token,
            );
          } catch {
            counts.errors += 1;
            continue;
          }
          latencies.push(performance.now() - t0);
          if (answer.code === 0) {
            counts.held += 1;
            latestHold.set(client, seatIds);
          } else if (answer.code === 40902) counts.conflicts += 1;
          else if (answer.code === 42201) counts.ruleRefusals += 1;
          else {
            counts.errors += 1;
            errorCodes.set(answer.code, (errorCodes.get(answer.code) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    // The clients' view: every user's latest hold is still running (15 min), so they are disjoint.
    const latest = [...latestHold.values()].flat();
    const heldTwiceByClients = latest.length - new Set(latest).size;
    let heldTwiceInDatabase: number | string = 'not checked (BENCH_URL)';
    if (local) {
      const rows = await local.database.db
        .selectFrom('film_order_seats')
        .select(['show_id', 'seat_id'])
        .where('state', 'in', ['held', 'sold'])
        .groupBy(['show_id', 'seat_id'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      heldTwiceInDatabase = rows.length;
    }

    latencies.sort((a, b) => a - b);
    const requests = latencies.length;
    console.log(
      [
        `requests      ${requests} (${(requests / elapsed).toFixed(0)}/s)`,
        `holds         ${counts.held} (${(counts.held / elapsed).toFixed(0)}/s)`,
        `conflicts     ${counts.conflicts} (${((100 * counts.conflicts) / Math.max(1, requests)).toFixed(1)}%, answered 40902)`,
        `rule refusals ${counts.ruleRefusals}`,
        `errors        ${counts.errors}${errorCodes.size ? ` ${JSON.stringify(Object.fromEntries(errorCodes))}` : ''}`,
        `latency       p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
        `held twice    ${heldTwiceByClients} (clients' view), ${heldTwiceInDatabase} (database)`,
      ].join('\n'),
    );
    if (
      heldTwiceByClients !== 0 ||
      (typeof heldTwiceInDatabase === 'number' && heldTwiceInDatabase !== 0)
    ) {
      process.exitCode = 1;
    }
  } finally {
    await local?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
