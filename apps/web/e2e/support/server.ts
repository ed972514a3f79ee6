import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * The newest change time of the server's and the contracts' sources (migrations, demo data), their
 * tests left out (a test is neither in the build nor in the demo database).
 */
let newestSourceChangeOnce: number | null = null;
function newestSourceChange(): number {
  newestSourceChangeOnce ??= newestChangeUnder([
    path.join(repoRoot, 'apps/server/src'),
    path.join(repoRoot, 'packages/contracts/src'),
  ]);
  return newestSourceChangeOnce;
}

function newestChangeUnder(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts')) {
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return Math.floor(newest);
}

/**
 * The server as `npm start` runs it, its build (apps/server/dist), when that is newer than every
 * source; else the sources through tsx, so a change not built yet is what gets tested. The build
 * answers in about half the time: nothing is compiled at each file's start.
 */
function serverCommand(): string[] {
  const built = path.join(repoRoot, 'apps/server/dist/server.js');
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > newestSourceChange()) {
    return ['--enable-source-maps', built];
  }
  return ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')];
}

/**
 * A migrated database with the demo data, made once per source state and copied for every file:
 * each file still starts on a fresh database of its own, without paying for the migrations and
 * the demo data again (a few seconds per file). Any failure falls back to a fresh start.
 */
async function demoDatabaseTemplate(): Promise<string | null> {
  // Keyed by the sources and the day: the demo data is laid out around the day it was loaded.
  const day = new Date().toISOString().slice(0, 10);
  const template = path.join(os.tmpdir(), `marquee-e2e-template-${day}-${newestSourceChange()}`);
  const isReady = () => fs.existsSync(path.join(template, 'ready'));
  if (isReady()) return path.join(template, 'data');
  // Made beside its place and moved there by one rename: files starting side by side never copy
  // half of one (the e2e project's global setup makes it before any file starts).
  const making = fs.mkdtempSync(`${template}-making-`);
  try {
    const { child, output } = await spawnServer(path.join(making, 'data'), {});
    await stopChild(child);
    if (child.exitCode !== 0 && child.signalCode === null) throw new Error(output());
    fs.writeFileSync(path.join(making, 'ready'), '');
    try {
      fs.renameSync(making, template);
    } catch {
      // Another file's, moved there first, serves as well.
    }
    return isReady() ? path.join(template, 'data') : null;
  } catch {
    return null;
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
}

/** Make the demo database every file copies, once, before the files start (side by side). */
export async function prepareDemoDatabase(): Promise<void> {
  await demoDatabaseTemplate();
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts the server on a data directory and waits until it answers its health check. */
async function spawnServer(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, serverCommand(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // However this process ends (a failed test run, an exception in a benchmark), the server it
  // started ends with it instead of listening on (signals are the caller's: web.bench.ts).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`server did not start in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl, output: () => output };
}

/**
 * The real product as `npm start` runs it: the built web app and the API in one process, on a
 * fresh embedded database with the demo data, the messenger sandbox on. `sql` runs on that
 * database before the server starts (what an operator would set, such as a site's settings).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { sql?: string[] } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the end-to-end tests');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));
  const template = await demoDatabaseTemplate();
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  if (options.sql?.length) {
    if (!template) throw new Error('no demo database to run the SQL on');
    const { PGlite } = await import('@electric-sql/pglite');
    const database = new PGlite({ dataDir });
    for (const statement of options.sql) await database.exec(statement);
    await database.close();
  }
  const { child, baseUrl } = await spawnServer(dataDir, env);
  return {
    baseUrl,
    async stop() {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
