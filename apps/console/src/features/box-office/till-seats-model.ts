import {
  decodeAvailabilityRow,
  seatKindOfCode,
  type SeatChangeEvent,
  type SeatKind,
  type SeatState,
  type ShowAvailability,
  type ShowLayout,
} from '@marquee/contracts';

/**
 * The till's seat map, read the way moviegoers read it (decision 002): the show's layout
 * (`/show/layout`, cached) and its availability (`/show/availability`: one string per row), kept
 * fresh by the availability stream's changes. Seats are named by label ("C7"), as the hold calls
 * name them.
 */
export interface TillSeat {
  id: string;
  label: string;
  row: string;
  col: number;
  x: number;
  y: number;
  kind: SeatKind;
  areaIndex: number;
  state: SeatState;
}

export interface TillSeatMap {
  columns: number;
  rows: { label: string; y: number; seats: TillSeat[] }[];
}

/** The seats of the layout with their state now. */
export function tillSeatMap(layout: ShowLayout, availability: ShowAvailability): TillSeatMap {
  return {
    columns: layout.columns,
    rows: layout.rows.map((row, rowIndex) => {
      const states = decodeAvailabilityRow(availability.rows[rowIndex] ?? '');
      return {
        label: row.label,
        y: row.y,
        seats: row.seats.map(([x, col, code, areaIndex, label], seatIndex) => {
          const kind = seatKindOfCode(code);
          const seatLabel = label ?? `${row.label}${col}`;
          return {
            id: seatLabel,
            label: seatLabel,
            row: row.label,
            col,
            x,
            y: row.y,
            kind,
            areaIndex,
            state: kind === 'unavailable' ? 'unavailable' : (states[seatIndex] ?? 'unavailable'),
          };
        }),
      };
    }),
  };
}

const stateCode: Record<'available' | 'held' | 'sold', string> = {
  available: 'A',
  held: 'H',
  sold: 'S',
};

/**
 * The availability with a stream event's changes written into its row strings, and the event's
 * version; null when the event cannot be applied (no changes listed, or a seat the layout does
 * not have): read the availability afresh then. An event no newer than the availability changes
 * nothing.
 */
export function applyStreamChanges(
  layout: ShowLayout,
  availability: ShowAvailability,
  event: SeatChangeEvent,
): ShowAvailability | null {
  if (event.version <= availability.version) return availability;
  if (!event.changes) return null;
  const rows = availability.rows.map((row) => [...row]);
  for (const change of event.changes) {
    const place = placeOf(layout, change.label);
    if (!place) return null;
    const row = rows[place.row];
    if (!row || row[place.seat] === undefined) return null;
    if (row[place.seat] !== 'X') row[place.seat] = stateCode[change.state];
  }
  return { ...availability, version: event.version, rows: rows.map((row) => row.join('')) };
}

function placeOf(layout: ShowLayout, label: string): { row: number; seat: number } | null {
  for (const [rowIndex, row] of layout.rows.entries()) {
    const seatIndex = row.seats.findIndex(
      ([, col, , , own]) => (own ?? `${row.label}${col}`) === label,
    );
    if (seatIndex >= 0) return { row: rowIndex, seat: seatIndex };
  }
  return null;
}

/** Seats still for sale (not held, not sold, not out of use). */
export function seatsLeft(map: TillSeatMap): number {
  return map.rows.reduce(
    (sum, row) => sum + row.seats.filter((seat) => seat.state === 'available').length,
    0,
  );
}
