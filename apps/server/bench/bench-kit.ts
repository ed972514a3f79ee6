/**
 * What the bench scripts share: a scratch schema with the demo data, the server under benchmark
 * in child processes of its own, pgbench on a scratch database, percentiles and medians.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { loadDemoDataOnce } from '../src/db/demo-data.js';
import { migrateToLatest } from '../src/db/migrate.js';

const run = promisify(execFile);

export const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const site = 'www-test';

export async function admin<T extends pg.QueryResultRow>(statement: string, url = databaseUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh schema, migrated, with the demo data; `drop()` removes it. */
export async function scratchSchema() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await admin(`create schema ${schema}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, schema, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    await loadDemoDataOnce(database.db);
  } finally {
    await database.close();
  }
  return {
    schema,
    /** A query in the schema (the parent's own connection, not the server's). */
    async query<T extends pg.QueryResultRow>(statement: string) {
      const client = new pg.Client({
        connectionString: databaseUrl,
        options: `-c search_path=${schema}`,
      });
      await client.connect();
      try {
        return (await client.query<T>(statement)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}

export interface BenchServer {
  url: string;
  tokens: string[];
  /** The server's process id (for its CPU time). */
  pid: number;
  /** The bearer of the server's /metrics. */
  metricsToken: string | undefined;
  stop(): Promise<void>;
}

let built: Promise<void> | null = null;

/**
 * How a bench server process starts: `node --enable-source-maps dist/bench/<name>.js`, built once
 * per bench run by scripts/build-server.mjs the way `npm start`'s server is (one esbuild bundle,
 * no TypeScript at run time). Under tsx, as until 25 November 2026, the server ran esbuild's
 * keep-names helpers and tsx's loader besides and cost more CPU per call than what ships;
 * BENCH_TSX=1 still runs the sources under tsx.
 */
async function serverCommand(name: 'bench-server' | 'hello-server'): Promise<string[]> {
  if (process.env.BENCH_TSX === '1') {
    return ['--import', 'tsx', fileURLToPath(new URL(`./${name}.ts`, import.meta.url))];
  }
  built ??= run(process.execPath, [
    fileURLToPath(new URL('../../../scripts/build-server.mjs', import.meta.url)),
    '--bench',
  ]).then(() => undefined);
  await built;
  return [
    '--enable-source-maps',
    fileURLToPath(new URL(`../dist/bench/${name}.js`, import.meta.url)),
  ];
}

/** The app in a child process of its own on the scratch schema. */
export async function startServer(
  schema: string,
  options: { poolSize: number; signIn: number },
): Promise<BenchServer> {
  const command = await serverCommand('bench-server');
  // BENCH_PROFILE=dir writes a CPU profile of the server process there (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...command], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BENCH_SCHEMA: schema,
      BENCH_POOL: String(options.poolSize),
      BENCH_SIGN_IN: String(options.signIn),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await firstLine(child);
  const { url, tokens, metricsToken } = JSON.parse(first) as {
    url: string;
    tokens: string[];
    metricsToken?: string;
  };
  return { url, tokens, pid: child.pid!, metricsToken, stop: () => stopChild(child) };
}

/** A Fastify hello world in a child process: the ceiling of this machine for any Fastify route. */
export async function startHelloWorld(): Promise<{
  url: string;
  pid: number;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, await serverCommand('hello-server'), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { url } = JSON.parse(await firstLine(child)) as { url: string };
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * The line the server prints once listening: the first JSON line with a `url` (log lines may come
 * before it at BENCH_LOG_LEVEL=info). What comes after it is read and dropped whole, not split
 * into lines: the load generator's process should not pay for the server's logs.
 */
function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onLine = (line: string) => {
      let ready = false;
      try {
        ready = typeof (JSON.parse(line) as { url?: unknown }).url === 'string';
      } catch {
        // Not JSON: not the ready line.
      }
      if (!ready) return;
      lines.off('line', onLine);
      lines.close();
      // Closing the reader paused the stream: flowing with no listener, the rest is dropped.
      child.stdout!.resume();
      resolve(line);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before starting`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * pgbench's simple-update script (-N) on a scratch database it creates and drops: what this
 * PostgreSQL does per second for short write transactions, measured in the same run. Null when
 * pgbench is not installed.
 */
export async function pgbenchTps(clients: number, seconds: number): Promise<number | null> {
  try {
    await run('pgbench', ['--version']);
  } catch {
    return null;
  }
  const name = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    await run('pgbench', ['-i', '-q', '-s', '1', url.toString()]);
    const { stdout } = await run('pgbench', [
      '-N',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      url.toString(),
    ]);
    const match = /tps = ([\d.]+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/**
 * CPU seconds (user + system) each of these processes has used so far, from Linux's /proc; a
 * process that is gone (or a system without /proc) is left out. With `comm`, only processes of
 * that name (a PostgreSQL backend's pid is only ours to read when the server runs on this box).
 */
export function cpuSeconds(pids: readonly number[], comm?: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      if (comm && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 1/100 s (Linux's USER_HZ).
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone, or no /proc here.
    }
  }
  return seconds;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
