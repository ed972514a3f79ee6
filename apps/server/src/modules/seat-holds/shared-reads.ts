import type { Executor } from '../../db/schema.js';
import { readTakenSeats, type TakenSeats } from './seat-holds.repository.js';

/**
 * The show's taken seats now. Callers arriving while a read of the same show is running get that
 * read's answer (at most one query in flight per show), so a crowd on one seat map costs one
 * query per round trip, not one per phone. Outside transactions only.
 */
export type SharedReads = (showId: string, now: Date) => Promise<TakenSeats>;

/** An app's shared reads of one database (each app its own: created in registerSeatHolds). */
export function createSharedReads(db: Executor): SharedReads {
  const inFlight = new Map<string, Promise<TakenSeats>>();
  return (showId, now) => {
    const running = inFlight.get(showId);
    if (running) return running;
    const read = readTakenSeats(db, showId, now).finally(() => {
      inFlight.delete(showId);
    });
    inFlight.set(showId, read);
    return read;
  };
}
