import { CompiledQuery } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

/**
 * Announces the seat changes of committed holds (migration 0035, decision 002): `hold_film_seats`
 * answers them instead of NOTIFYing inside its transaction, and this NOTIFYs them right after the
 * commit in a statement of its own. A transaction that only NOTIFYs writes nothing to flush, so it
 * holds PostgreSQL's notify lock for microseconds instead of a disk flush per hold.
 *
 * One statement at a time per process: changes arriving while one runs go out together in the
 * next, so under load many holds share one NOTIFY transaction. The first statement waits for the
 * end of the event loop's turn (setImmediate): the holds of one hold statement are answered
 * together and announce one after another in that turn, so they go out in one statement (sent at
 * once, the first hold's changes went alone and the rest in a second one: 1.7 NOTIFY statements
 * per hold statement in `bench:seats`, more than the hold statements themselves).
 *
 * The announcement is advice for open seat pages (the unique index decides holds); if it fails it
 * is logged and dropped, and pages catch up at their next change or availability read.
 */
export interface SeatAnnouncer {
  /**
   * Send these payloads (as `hold_film_seats` answered them) once the current batch is out, with
   * whose hold it is and when it ends (for the taken seats kept in memory, taken-seats-memory.ts).
   */
  announce(payloads: readonly unknown[], hold?: { holderId: string; until: Date }): void;
  /** Resolves when everything announced so far has been sent (app close, tests). */
  drain(): Promise<void>;
}

// The payloads as one JSON array of strings (no array parameters through the drivers), in order.
const NOTIFY_SQL = `select pg_notify('seat_changes_' || current_schema(), payload)
  from json_array_elements_text($1::json) with ordinality as changes (payload, n) order by n`;

export function createSeatAnnouncer(
  deps: Pick<AppDeps, 'db'>,
  log: FastifyBaseLogger,
  /** Told of each changed show at once, before the NOTIFY goes out (this process's caches). */
  onChange: (showId: string) => void = () => {},
): SeatAnnouncer {
  let queue: string[] = [];
  let sending: Promise<void> | null = null;
  let isScheduled = false;
  function schedule() {
    if (sending || isScheduled) return;
    isScheduled = true;
    setImmediate(() => {
      isScheduled = false;
      sendAll();
    });
  }

  function sendAll() {
    if (sending) return;
    sending = (async () => {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        try {
          await deps.db.executeQuery(CompiledQuery.raw(NOTIFY_SQL, [JSON.stringify(batch)]));
        } catch (error) {
          log.warn({ err: error, changes: batch.length }, 'seat changes not announced');
        }
      }
    })().finally(() => {
      sending = null;
      // Announced after the loop's last look but before this ran: not left behind.
      if (queue.length > 0) schedule();
    });
  }

  return {
    announce(payloads, hold) {
      if (payloads.length === 0) return;
      const extra = hold ? { holder: hold.holderId, until: hold.until.toISOString() } : {};
      for (const payload of payloads) {
        const showId = (payload as { showId?: unknown } | null)?.showId;
        if (typeof showId === 'string') onChange(showId);
        queue.push(JSON.stringify({ ...(payload as object), ...extra }));
      }
      // While a statement runs, its loop takes these next; else they go at the turn's end.
      schedule();
    },
    async drain() {
      while (isScheduled || sending) {
        if (sending) await sending;
        else await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
