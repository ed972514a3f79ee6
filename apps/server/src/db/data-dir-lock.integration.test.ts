import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './data-dir-lock.js';

/**
 * The real entry (server.ts) started twice on one embedded data folder: the second stops at once
 * with a message naming the folder and the first; once the first is killed with SIGKILL (its lock
 * left behind), the next start takes the folder.
 */
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code (or signal) and how long after the spawn it came. */
  exited: Promise<{ code: number | null; signal: string | null; afterMs: number }>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
    CONSOLE_DIST: path.join(dataDir, 'no-console'),
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_LISTEN_URL;
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: string | null; afterMs: number }>(
    (resolve) =>
      child.once('exit', (code, signal) =>
        resolve({ code, signal, afterMs: Date.now() - spawnedAt }),
      ),
  );
  return { child, port, output: () => output, exited };
}

/** Resolves once the server logs that it is up; rejects if it exits first. */
async function whenUp(started: Started): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (started.output().includes('Marquee is up')) return;
    if (started.child.exitCode !== null) {
      throw new Error(`server exited (${started.child.exitCode}):\n${started.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`no start in 120 s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('one process per embedded data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-one-process-'));
  const running: Started[] = [];
  afterAll(async () => {
    for (const started of running) {
      if (started.child.exitCode === null && started.child.signalCode === null) {
        started.child.kill('SIGKILL');
        await started.exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, and a crashed one does not block the next', async () => {
    const first = await startServer(dataDir);
    running.push(first);
    await whenUp(first);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(health.status).toBe(200);

    // Another port, the same folder: it stops before opening the database, naming the holder.
    const second = await startServer(dataDir);
    running.push(second);
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(second.output()).toContain(`The data folder ${path.resolve(dataDir)} is in use`);
    expect(second.output()).toContain(`pid ${first.child.pid} on ${os.hostname()}, started 20`);
    expect(second.output()).not.toContain('Marquee is up');
    await expect(fetch(`http://127.0.0.1:${second.port}/api/health`)).rejects.toThrow();
    // The first serves on.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    // Killed without a word: its lock stays behind, naming a process that is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    const leftBehind = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(leftBehind.pid).toBe(first.child.pid);

    const third = await startServer(dataDir);
    running.push(third);
    await whenUp(third);
    expect((await fetch(`http://127.0.0.1:${third.port}/api/health`)).status).toBe(200);
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
    expect(holder.pid).toBe(third.child.pid);

    // A clean stop removes the lock.
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 300_000);
});
