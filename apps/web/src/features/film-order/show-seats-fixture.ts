import {
  encodeAvailabilityRows,
  seatKindCode,
  type LayoutSeat,
  type ShowAvailability,
  type ShowLayout,
} from '@marquee/contracts';
import type { ShowSeats } from './show-seats-model';

/**
 * For tests: a seat map split as the server answers it, `/show/layout` and `/show/availability`
 * (the inverse of `composeShowSeats`). Seats whose label is not row label + number carry it.
 */
export function splitShowSeats(
  map: ShowSeats,
  layoutVersion = 'layout-1',
): { layout: ShowLayout; availability: ShowAvailability } {
  const areaIndex = new Map(map.priceAreas.map((area, index) => [area.id, index]));
  const layout: ShowLayout = {
    layoutVersion,
    showInfo: map.showInfo,
    cinemaInfo: map.cinemaInfo,
    priceAreas: map.priceAreas,
    columns: map.columns,
    rowCount: map.rowCount,
    rows: map.rows.map((row) => ({
      label: row.label,
      y: row.y,
      seats: row.seats.map((seat): LayoutSeat => {
        const area = seat.areaId === null ? -1 : (areaIndex.get(seat.areaId) ?? -1);
        const tuple: LayoutSeat = [seat.x, seat.col, seatKindCode(seat.kind), area];
        return seat.label === `${row.label}${seat.col}` ? tuple : [...tuple, seat.label];
      }),
    })),
    maxSeatsPerOrder: map.maxSeatsPerOrder,
    holdMinutes: map.holdMinutes,
  };
  const availability: ShowAvailability = {
    showId: map.showInfo.showId,
    version: 1,
    layoutVersion,
    rows: encodeAvailabilityRows(map.rows.map((row) => row.seats.map((seat) => seat.state))),
    serverTime: map.serverTime,
  };
  return { layout, availability };
}
