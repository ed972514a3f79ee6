import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const folders: string[] = [];
function freshFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has run and ended: nobody answers to it (until the pid is reused). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(String(child.stdout));
}

function writeLock(dir: string, holder: Record<string, unknown>) {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

describe('the data folder lock', () => {
  it('writes who holds the folder, and removes it on release', () => {
    const dir = freshFolder();
    const lock = lockDataDir(dir);
    const holder = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(new Date(holder.startedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lock.release();
  });

  it('refuses a folder held by a running process, naming the folder, pid, host and start', () => {
    const dir = freshFolder();
    // The parent of this test process runs as long as the test does.
    writeLock(dir, {
      pid: process.ppid,
      host: os.hostname(),
      startedAt: '2026-11-28T08:00:00.000Z',
      bootId: bootId(),
    });
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.ppid} on ${os.hostname()}`);
    expect(message).toContain('started 2026-11-28T08:00:00.000Z');
    // Untouched: the holder keeps its lock.
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.ppid);
  });

  it('refuses the folder twice in one process', () => {
    const dir = freshFolder();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that has ended', () => {
    const dir = freshFolder();
    const pid = deadPid();
    writeLock(dir, { pid, host: os.hostname(), startedAt: 'earlier', bootId: bootId() });
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
  });

  it('takes over a lock written before the machine restarted, and a half-written one', () => {
    const dir = freshFolder();
    writeLock(dir, {
      pid: process.ppid,
      host: os.hostname(),
      startedAt: 'before the restart',
      bootId: 'another-boot',
    });
    if (bootId()) lockDataDir(dir).release();
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid": 12');
    lockDataDir(dir).release();
  });

  it('takes over a lock bearing its own pid from an earlier life (a restarted container)', () => {
    const dir = freshFolder();
    writeLock(dir, { pid: process.pid, host: os.hostname(), startedAt: 'x', bootId: bootId() });
    lockDataDir(dir).release();
  });

  it('refuses a lock of another machine, saying which file to delete if that process is gone', () => {
    const dir = freshFolder();
    writeLock(dir, { pid: 4242, host: 'other-box', startedAt: 'x', bootId: null });
    expect(() => lockDataDir(dir)).toThrow(
      `pid 4242 on other-box, started x). One embedded database serves one process`,
    );
    expect(() => lockDataDir(dir)).toThrow(`if it is gone, delete ${path.join(dir, LOCK_FILE)}`);
  });

  it('leaves a lock taken over by another process alone on release', () => {
    const dir = freshFolder();
    const lock = lockDataDir(dir);
    writeLock(dir, { pid: 4242, host: 'other-box', startedAt: 'x', bootId: null });
    lock.release();
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(4242);
  });
});
