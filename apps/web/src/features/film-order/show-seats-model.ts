import {
  decodeAvailabilityRow,
  seatKindOfCode,
  type CallAnswer,
  type Seat,
  type ShowAvailability,
  type ShowLayout,
  type showSeatsCall,
} from '@marquee/contracts';

/** The seat map the seat page draws: the shape `/show/seats` answers. */
export type ShowSeats = CallAnswer<typeof showSeatsCall>;

/** The seat map composed from its two halves, with the availability's `version` it shows. */
export type VersionedShowSeats = ShowSeats & { version: number };

/**
 * The seat map from its two halves (`/show/layout`, cached by the browser, and
 * `/show/availability`, read on every refresh): each seat with its state now. Seats have no id in
 * the layout, so a seat's `id` is its label ("C7"), which the hold (`seatLabels`), the exchange
 * and the live stream's changes (`label`) all name seats by. Throws when the availability follows
 * another layout version than the layout given (read the layout again then).
 */
export function composeShowSeats(
  layout: ShowLayout,
  availability: ShowAvailability,
): VersionedShowSeats {
  if (availability.layoutVersion !== layout.layoutVersion) {
    throw new Error(
      `availability follows layout ${availability.layoutVersion}, not ${layout.layoutVersion}`,
    );
  }
  const rows = layout.rows.map((row, rowIndex) => {
    const states = decodeAvailabilityRow(availability.rows[rowIndex] ?? '');
    return {
      label: row.label,
      y: row.y,
      seats: row.seats.map(([x, col, kindCode, area, label], seatIndex): Seat => {
        const kind = seatKindOfCode(kindCode);
        return {
          id: label ?? `${row.label}${col}`,
          row: row.label,
          col,
          x,
          y: row.y,
          kind,
          areaId: layout.priceAreas[area]?.id ?? null,
          label: label ?? `${row.label}${col}`,
          state: kind === 'unavailable' ? 'unavailable' : (states[seatIndex] ?? 'unavailable'),
        };
      }),
    };
  });
  return {
    showInfo: layout.showInfo,
    cinemaInfo: layout.cinemaInfo,
    priceAreas: layout.priceAreas,
    columns: layout.columns,
    rowCount: layout.rowCount,
    rows,
    maxSeatsPerOrder: layout.maxSeatsPerOrder,
    holdMinutes: layout.holdMinutes,
    serverTime: availability.serverTime,
    version: availability.version,
  };
}
