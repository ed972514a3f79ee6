import { spawn, type ChildProcess } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { rebuildBalanceCheck } from '../modules/cards/index.js';
import {
  describeOnEachDatabase,
  openTestDatabase,
  testDatabaseUrl,
} from '../test-support/test-database.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from './client.js';
import { DEMO_SITE_CODE, loadDemoDataOnce } from './demo-data.js';
import { migrateToLatest } from './migrate.js';

/**
 * The server killed with SIGKILL in the middle of recharges, seat holds and card payments, then
 * started again on the same data (PGlite's data directory; a schema on the PostgreSQL server). It
 * must open, every card balance must equal its ledger, no order may be both paid and let go, no
 * seat held twice, and nothing left half done (no payment pending once its sweeps have run).
 */
const crashServer = fileURLToPath(new URL('../test-support/crash-server.ts', import.meta.url));
const PASSWORD = '258036';
const USERS = 12;

interface Running {
  url: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', crashServer], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const line = output.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code)}):\n${output}`));
    });
  });
  return { url, child };
}

async function kill(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill(signal);
  await exited;
}

type Answer<T> = { code: number; msg: string; data: T };

function client(url: string) {
  return async <T>(
    pathAndQuery: string,
    options: { token?: string; staff?: string; body?: unknown; key?: string } = {},
  ): Promise<Answer<T>> => {
    const response = await fetch(`${url}/api${pathAndQuery}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        site: DEMO_SITE_CODE,
        ...(options.token ? { token: options.token } : {}),
        ...(options.staff ? { 'x-staff-token': options.staff } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (response.headers.get('content-type')?.includes('text/csv')) {
      return { code: 0, msg: 'ok', data: (await response.text()) as T };
    }
    return (await response.json()) as Answer<T>;
  };
}

/** The pay password as the web app sends it (RSA-OAEP SHA-256 over the JSON payload). */
async function encrypt(api: ReturnType<typeof client>, password: string): Promise<string> {
  const { data } = await api<{ spki: string }>('/security/payKey');
  const key = createPublicKey({
    key: Buffer.from(data.spki, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const payload = JSON.stringify({
    password,
    timestamp: Date.now(),
    nonce: randomBytes(16).toString('base64url'),
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(payload),
  ).toString('base64');
}

/** What must hold after any crash, read straight from the database. */
async function checkInvariants(database: DatabaseHandle) {
  const db = database.db;
  expect(await rebuildBalanceCheck(db)).toEqual([]);
  const negative = await db.selectFrom('cards').select('id').where('balance_fen', '<', 0).execute();
  expect(negative).toEqual([]);
  const seatsTwice = await sql<{ n: number }>`
    select count(*)::int as n from (
      select show_id, seat_id from film_order_seats where state in ('held', 'sold')
      group by show_id, seat_id having count(*) > 1) twice`.execute(db);
  expect(seatsTwice.rows[0]!.n).toBe(0);
  // Paid orders keep their seats sold; orders let go keep none.
  const paidButReleased = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where o.kind = 'film' and o.status in ('paid', 'ticketed', 'used')
      and exists (select 1 from film_order_seats s where s.order_id = o.id
                  and s.state <> 'sold' and s.moved_at is null)`.execute(db);
  expect(paidButReleased.rows[0]!.n).toBe(0);
  const releasedButHeld = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where o.status in ('expired', 'cancelled', 'refunded')
      and exists (select 1 from film_order_seats s where s.order_id = o.id
                  and s.state in ('held', 'sold'))`.execute(db);
  expect(releasedButHeld.rows[0]!.n).toBe(0);
  // Every ticketed order is paid in full by its card charges.
  const unpaidTickets = await sql<{ n: number }>`
    select count(*)::int as n from orders o
    where o.status = 'ticketed' and o.amount_fen <> coalesce(-(
      select sum(l.amount_fen) from card_ledger l where l.order_id = o.id), 0)`.execute(db);
  expect(unpaidTickets.rows[0]!.n).toBe(0);
}

describeOnEachDatabase('a server killed with SIGKILL mid-payment', (kind: DatabaseKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A migrated database with the demo data; `open` reads it while no server runs (PGlite). */
  async function prepare(): Promise<{
    env: Record<string, string>;
    open: () => Promise<DatabaseHandle>;
  }> {
    if (kind === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-crash-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const open = () => openDatabase({ kind: 'pglite', dataDir });
      const database = await open();
      await migrateToLatest(database.db);
      await loadDemoDataOnce(database.db);
      await database.close();
      return { env: { CRASH_DATA_DIR: dataDir }, open };
    }
    const database = await openTestDatabase('postgres');
    cleanups.push(() => database.close());
    await loadDemoDataOnce(database.db);
    const schema = String(
      (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s,
    );
    return {
      env: { DATABASE_URL: testDatabaseUrl, CRASH_SCHEMA: schema },
      // The test's own connections stay open; they only read.
      open: async () => ({ ...database, close: async () => {} }),
    };
  }

  it('opens again with balances equal to ledgers, no seat twice, and nothing half done', async () => {
    const { env, open } = await prepare();
    let server = await startServer(env);
    cleanups.push(() => kill(server, 'SIGKILL'));
    let api = client(server.url);

    // The scene: an owner issues top-up cards; moviegoers sign in, set a pay password, recharge.
    const staff = await api<{ token: string }>('/console/auth/login', {
      body: { username: 'owner', password: 'owner2026' },
    });
    const expiresOn = new Date(Date.now() + 8 * 3600_000 + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const batch = await api<{ id: string }>('/console/cards/batches/issue', {
      staff: staff.data.token,
      body: { cardType: 'general', count: USERS * 2, amountFen: 20_000, expiresOn },
    });
    expect(batch.code).toBe(0);
    const csv = await api<string>(`/console/cards/batches/csv?batchId=${batch.data.id}`, {
      staff: staff.data.token,
    });
    const vouchers = csv.data
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',').map((cell) => cell.replace(/^="(.*)"$/, '$1')))
      .filter(([id]) => /^\d+$/.test(id ?? ''))
      .map(([id, password]) => ({ id: id!, password: password! }));
    expect(vouchers).toHaveLength(USERS * 2);

    const users: { token: string }[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const login = await api<{ token: string }>('/wx/redirect/login', {
        body: { code: `sandbox:crash-${kind}-${randomBytes(4).toString('hex')}` },
      });
      const token = login.data.token;
      const set = await api('/userInfo/card/setPassword', {
        token,
        body: { password: await encrypt(api, PASSWORD) },
      });
      expect(set.code).toBe(0);
      expect((await api('/expenseRecord/charging', { token, body: vouchers[i] })).code).toBe(0);
      users.push({ token });
    }
    const cinemas = await api<{ list: { id: string }[] }>('/cinema/list?pageSize=10');
    const day = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    const shows = (
      await api<{ films: { shows: { showId: string }[] }[] }>(
        `/cinema/shows?cinemaId=${cinemas.data.list[0]!.id}&date=${day}`,
      )
    ).data.films.flatMap((film) => film.shows);

    // The load: each user recharges once more, then holds seats and pays by card, again and
    // again, until the server is killed in the middle of it.
    let stop = false;
    const work = users.map(async (user, index) => {
      const mine = api;
      await mine('/expenseRecord/charging', { token: user.token, body: vouchers[USERS + index] });
      for (let round = 0; !stop; round += 1) {
        const show = shows[(index + round) % shows.length]!;
        const map = await mine<{
          rows: { seats: { id: string; kind: string; state: string }[] }[];
        }>(`/show/seats?showId=${show.showId}`);
        const free = map.data.rows
          .flatMap((row) => row.seats)
          .filter((seat) => seat.kind === 'normal' && seat.state === 'available');
        const seat = free[(index * 7 + round * 13) % Math.max(free.length, 1)];
        if (!seat) continue;
        const order = await mine<{ id: string }>('/filmOrder/create', {
          token: user.token,
          body: { showId: show.showId, seatIds: [seat.id] },
        });
        if (order.code !== 0) continue;
        const cards = await mine<{ storeCard: { id: string }[] }>('/storeCard/getUserCareList', {
          token: user.token,
        });
        await mine('/expenseRecord/card/v2/order', {
          token: user.token,
          key: `crash-${randomBytes(8).toString('hex')}`,
          body: {
            password: await encrypt(mine, PASSWORD),
            param: { orderType: 'FILM_ORDER', orderId: order.data.id },
            cardIdList: cards.data.storeCard.map((card) => card.id),
          },
        });
      }
    });
    const settled = Promise.allSettled(work);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await kill(server, 'SIGKILL');
    stop = true;
    // Killed mid-load: requests were cut off on the way.
    const outcomes = await settled;
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);

    // Started again on the same data: it opens, and what it finds holds together.
    const paidBefore = await (async () => {
      const database = await open();
      try {
        await checkInvariants(database);
        const paid = await database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'ticketed')
          .executeTakeFirstOrThrow();
        return Number(paid.n);
      } finally {
        await database.close();
      }
    })();
    expect(paidBefore).toBeGreaterThan(0);

    server = await startServer(env);
    api = client(server.url);
    // It answers, pays again, and its sweeps run (half a second apart).
    const again = await api<{ id: string }[]>('/cinema/list?pageSize=1');
    expect(again.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await kill(server, 'SIGTERM');

    const database = await open();
    try {
      await checkInvariants(database);
      const pending = await database.db
        .selectFrom('payments')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      expect(pending).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
