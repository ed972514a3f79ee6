import { Histogram } from 'prom-client';
import type { AppDeps } from '../../app-deps.js';
import { metrics } from '../../lib/metrics.js';
import {
  holdSeatsMany,
  type HoldFailure,
  type HoldRequest,
  type HoldResult,
} from './seat-holds.repository.js';

/**
 * Natural batching of seat holds (decision 037, migration 0038). A hold goes to PostgreSQL at once
 * when no hold statement of this process is running; otherwise it waits, and when a statement
 * returns, the holds that waited go together as one statement (`hold_film_seats_many`), up to
 * `maxBatch` of them. A second statement (`maxInFlight`) starts beside a running one only once
 * `splitAt` holds wait. No timer: a lone hold never waits, a hold waits at most for the statements
 * running when it came, and under load the cost of a statement, its transaction and its commit is
 * shared by the holds in it.
 *
 * Each hold is its own subtransaction in the batch, so each caller gets exactly its own answer or
 * its own error (as PostgreSQL would have thrown it for a statement of its own: `code`, `message`,
 * `constraint`); when the statement fails as a whole nothing of it committed and every caller of
 * the batch gets that error.
 *
 * Holds that could wait on each other's locks never run in two statements at once: a hold whose
 * user or one of whose seats (show, seat) belongs to a hold in flight waits for that statement to
 * end, and so does every later hold with one of those. So this process's statements never wait on
 * each other (a batch's transaction keeps its holds' locks until its commit) and never deadlock
 * each other; holds of one user and holds of one seat reach PostgreSQL in the order they came,
 * in one statement (run one after another in its transaction) or one statement after another.
 * A hold after the first of a statement that would wait for a lock (another process, a staff
 * change) longer than 5 ms is answered 55P03 instead (0038) and sent again first in the next
 * statement, where it waits as long as it takes. The unique index on active seats still decides
 * every race, with other processes too.
 */
export interface HoldBatcher {
  /** This hold's answer; rejects with its own error (see `HoldError`) or the batch's. */
  hold(request: HoldRequest): Promise<HoldResult>;
  /** Resolves when every hold sent so far has been answered (app close, tests). */
  drain(): Promise<void>;
}

export interface HoldBatcherOptions {
  /**
   * The most holds in one statement: 16 (measured better than 32 at 64 clients, decision 037).
   * Above 64 the statement's subtransaction ids (one per hold since 0039) overflow PostgreSQL's
   * cache of them.
   */
  maxBatch?: number;
  /** How many hold statements of this process may run at once (PGlite has one connection). */
  maxInFlight?: number;
  /**
   * While a hold statement runs, another one starts only once this many holds wait (default
   * `maxBatch`: a full statement); fewer wait for the running one to end and go together then.
   * With nothing in flight a hold goes at once. Without it, under steady load the first hold to
   * come back after a statement took the free slot alone (at 16 clients half the statements
   * carried one hold); a second statement beside a half-full one measured slower too (bench:seats
   * at 16 clients: 1,730 hold calls/s splitting at once, 1,850 at 8, 2,050 at 16).
   */
  splitAt?: number;
  /** Told the size of each batch as it is sent (tests). */
  onBatch?: (size: number) => void;
}

/** One hold of a batch that failed, shaped like node-postgres's errors (code, constraint). */
export class HoldError extends Error {
  readonly code: string;
  readonly constraint: string | undefined;
  constructor(failure: HoldFailure) {
    super(failure.message);
    this.name = 'HoldError';
    this.code = failure.code;
    this.constraint = failure.constraint ?? undefined;
  }
}

type Answers = ({ ok: true; result: HoldResult } | { ok: false; failure: HoldFailure })[];

/** Runs one batch: an answer per hold, in order (holdSeatsMany, or a fake in unit tests). */
export type RunHolds = (holds: readonly HoldRequest[]) => Promise<Answers>;

/** `lock_timeout` ran out: what a hold after the first of a statement answers rather than wait. */
const LOCK_NOT_AVAILABLE = '55P03';

const BATCH_SIZE_METRIC = 'marquee_seat_hold_batch_size';
// Once per registry, even if this module is evaluated again beside it (test runners).
const batchSizes =
  (metrics.registry.getSingleMetric(BATCH_SIZE_METRIC) as Histogram | undefined) ??
  new Histogram({
    name: BATCH_SIZE_METRIC,
    help: 'Seat holds per hold statement (decision 037).',
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [metrics.registry],
  });

/** The batcher of a database: its pool's (PostgreSQL) or its one connection's (PGlite). */
export function createDatabaseHoldBatcher(
  deps: Pick<AppDeps, 'db' | 'dbKind'>,
  options: HoldBatcherOptions = {},
): HoldBatcher {
  return createHoldBatcher((holds) => holdSeatsMany(deps.db, holds), {
    // Two statements at once keep PostgreSQL busy while the other one's commit is flushed.
    maxInFlight: deps.dbKind === 'pglite' ? 1 : 2,
    ...options,
  });
}

interface Waiting {
  request: HoldRequest;
  keys: string[];
  resolve: (result: HoldResult) => void;
  reject: (error: unknown) => void;
}

export function createHoldBatcher(run: RunHolds, options: HoldBatcherOptions = {}): HoldBatcher {
  const maxBatch = options.maxBatch ?? 16;
  const maxInFlight = options.maxInFlight ?? 1;
  const splitAt = options.splitAt ?? maxBatch;
  let waiting: Waiting[] = [];
  /** The users and seats of the holds in flight. */
  const busy = new Set<string>();
  let inFlight = 0;
  let idle: (() => void)[] = [];

  /** Send what may go now: as many batches as there is room for. */
  function pump() {
    while (inFlight < maxInFlight && waiting.length > 0) {
      // A statement runs: the waiting holds go with the next one unless they are many already.
      if (inFlight > 0 && waiting.length < splitAt) return;
      const batch: Waiting[] = [];
      const left: Waiting[] = [];
      // The users and seats of holds that stay: a later hold with one of them stays too (order).
      const held = new Set<string>();
      for (const hold of waiting) {
        const mayGo =
          batch.length < maxBatch && hold.keys.every((key) => !busy.has(key) && !held.has(key));
        if (mayGo) batch.push(hold);
        else {
          left.push(hold);
          for (const key of hold.keys) held.add(key);
        }
      }
      if (batch.length === 0) return;
      waiting = left;
      send(batch);
    }
  }

  function send(batch: Waiting[]) {
    inFlight += 1;
    for (const hold of batch) for (const key of hold.keys) busy.add(key);
    batchSizes.observe(batch.length);
    options.onBatch?.(batch.length);
    run(batch.map((hold) => hold.request)).then(
      (answers) => settle(batch, answers, null),
      // Nothing of the statement committed: every hold of it fails with its error.
      (error: unknown) => settle(batch, null, error),
    );
  }

  function settle(batch: Waiting[], answers: Answers | null, error: unknown) {
    for (const hold of batch) for (const key of hold.keys) busy.delete(key);
    inFlight -= 1;
    const again: Waiting[] = [];
    const answered: (() => void)[] = [];
    batch.forEach((hold, index) => {
      const answer = answers?.[index];
      if (!answers) answered.push(() => hold.reject(error));
      else if (!answer) {
        answered.push(() =>
          hold.reject(new Error('the hold statement answered no row for this hold')),
        );
      } else if (answer.ok) answered.push(() => hold.resolve(answer.result));
      // Would have waited for a lock behind the statement's earlier holds (0038): sent again.
      else if (index > 0 && answer.failure.code === LOCK_NOT_AVAILABLE) again.push(hold);
      else answered.push(() => hold.reject(new HoldError(answer.failure)));
    });
    // First in the next statement, where a hold waits for its locks as long as it takes.
    waiting = [...again, ...waiting];
    pump();
    // The next statement is on its way to PostgreSQL (the pool hands it a connection on the next
    // tick) before this batch's callers go on to answer their requests: answered at once, their
    // answers (views, JSON, gzip, socket writes) ran first and PostgreSQL waited for them, a third
    // of its time at 16 clients (decision 037).
    setImmediate(() => {
      for (const answer of answered) answer();
      if (inFlight === 0 && waiting.length === 0) {
        const done = idle;
        idle = [];
        for (const resolve of done) resolve();
      }
    });
  }

  return {
    hold(request) {
      return new Promise<HoldResult>((resolve, reject) => {
        const keys = [
          `user:${request.userId}`,
          ...request.seatIds.map((seatId) => `seat:${request.showId}:${seatId}`),
        ];
        waiting.push({ request, keys, resolve, reject });
        pump();
      });
    },
    drain() {
      if (inFlight === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
