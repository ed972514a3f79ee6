import { bestSeats, type PriceArea, type Seat, type SeatRow } from '@marquee/contracts';

export type BestSeatsReason =
  | { kind: 'spot' }
  /** The dearest area (the "gold" rows) had no block of that many free seats side by side. */
  | { kind: 'areaFull'; area: string };

/**
 * Why 推荐选座 picked a row block: by the hall's sweet spot (centred, about two thirds back), or,
 * in a hall with a dearer area, because that area had no block of `count` free seats side by side.
 */
export function bestSeatsReason(
  data: { rows: readonly SeatRow[]; priceAreas: readonly PriceArea[] },
  picked: readonly Seat[],
  count: number,
): BestSeatsReason {
  if (data.priceAreas.length < 2 || picked.length === 0) return { kind: 'spot' };
  const dearest = [...data.priceAreas].sort((a, b) => b.price - a.price)[0]!;
  if (picked.every((seat) => seat.areaId === dearest.id)) return { kind: 'spot' };
  const onlyDearest = {
    rows: data.rows.map((row) => ({
      seats: row.seats.filter((seat) => seat.areaId === dearest.id),
    })),
  };
  return bestSeats(onlyDearest, count).kind === 'row'
    ? { kind: 'spot' }
    : { kind: 'areaFull', area: dearest.name };
}
