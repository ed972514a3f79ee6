import type { SeatChangeEvent } from '@marquee/contracts';
import type { ShowSeats } from './show-seats-model';

/**
 * A seat map with a stream event's changes applied: changed seats take their new state, every
 * other seat (and the map itself, when nothing changed) stays the same object, so memoised seat
 * buttons do not re-render. Seats not for sale never change. Seats are matched by label (the
 * composed map's seats have their label as id, `composeShowSeats`).
 */
export function applySeatChanges<M extends ShowSeats>(map: M, event: SeatChangeEvent): M {
  if (!event.changes || event.changes.length === 0) return map;
  const stateOf = new Map(event.changes.map((change) => [change.label, change.state]));
  let isChanged = false;
  const rows = map.rows.map((row) => {
    let isRowChanged = false;
    const seats = row.seats.map((seat) => {
      const state = stateOf.get(seat.label);
      if (state === undefined || seat.state === 'unavailable' || seat.state === state) return seat;
      isRowChanged = true;
      return { ...seat, state };
    });
    if (!isRowChanged) return row;
    isChanged = true;
    return { ...row, seats };
  });
  return isChanged ? { ...map, rows } : map;
}
