import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded data folder. PGlite has no lock of its own: two processes on one
 * DATA_DIR each start, each keeps its own copy of the database in memory, and both sell the same
 * seats. The first process writes `marquee.lock` into the folder (created exclusively: of two
 * starts at once one wins); a later one reads it and refuses, naming the holder. A lock whose
 * process is gone (killed, crashed, the machine restarted) is taken over, so a crash never blocks
 * the next start.
 */
export const LOCK_FILE = 'marquee.lock';

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  /** The kernel's id of this boot (Linux): a lock from before a restart is stale whatever its pid. */
  bootId: string | null;
}

export interface DataDirLock {
  /** Remove the lock (a clean stop); idempotent. */
  release(): void;
}

/** Folders this process holds: its own pid in a lock file means "held here" only for these. */
const heldHere = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
    isOtherHost: boolean,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Marquee process ` +
        `(pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}). ` +
        'One embedded database serves one process: stop that process first, ' +
        'or run several processes on a PostgreSQL server (DATABASE_URL).' +
        (isOtherHost
          ? ` That process runs on another machine, so it cannot be checked from here: if it is ` +
            `gone, delete ${path.join(dataDir, LOCK_FILE)}.`
          : ''),
    );
    this.name = 'DataDirInUseError';
  }
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null | 'missing' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      startedAt: String(parsed.startedAt ?? 'at an unknown time'),
      bootId: typeof parsed.bootId === 'string' ? parsed.bootId : null,
    };
  } catch {
    // Half written by a process killed mid-write: nobody holds it.
    return null;
  }
}

/** Whether the holder's process still runs: unknowable on another machine (then: assume so). */
function holderState(holder: LockHolder, dataDir: string): 'alive' | 'gone' | 'other host' {
  if (holder.host !== os.hostname()) return 'other host';
  const bootId = readBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'gone';
  // Our own pid in the file: a leftover of an earlier life under the same pid (a container's pid
  // 1 restarted), unless this very process holds the folder.
  if (holder.pid === process.pid) return heldHere.has(dataDir) ? 'alive' : 'gone';
  return isAlive(holder.pid) ? 'alive' : 'gone';
}

function sameHolder(a: LockHolder | null, b: LockHolder | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Take the folder's lock or throw `DataDirInUseError` naming the process that holds it. A stale
 * lock is moved aside by rename (atomic: of two processes taking over at once, one gets it) and
 * checked to be the stale one before it is deleted.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    bootId: readBootId(),
  };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      heldHere.add(dir);
      return { release: () => release(dir, file, me) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder === 'missing') continue;
    if (holder) {
      const state = holderState(holder, dir);
      if (state !== 'gone') throw new DataDirInUseError(dir, holder, state === 'other host');
    }
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved !== 'missing' && !sameHolder(moved, holder)) {
      // Another process replaced the stale lock between our read and our rename: put its lock
      // back and look again.
      try {
        fs.linkSync(aside, file);
      } catch {
        // A third process got in meanwhile; the next round reads whoever holds it now.
      }
    }
    fs.rmSync(aside, { force: true });
  }
  const holder = readHolder(file);
  if (holder && holder !== 'missing') throw new DataDirInUseError(dir, holder, false);
  throw new Error(`Could not take the lock of the data folder ${dir}; try again.`);
}

function release(dir: string, file: string, me: LockHolder) {
  if (!heldHere.delete(dir)) return;
  // Only our own lock: never one another process took over meanwhile.
  const holder = readHolder(file);
  if (holder !== 'missing' && sameHolder(holder, me)) fs.rmSync(file, { force: true });
}
