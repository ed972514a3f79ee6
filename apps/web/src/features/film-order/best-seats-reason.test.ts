import { describe, expect, it } from 'vitest';
import type { PriceArea, Seat, SeatRow } from '@marquee/contracts';
import { bestSeatsReason } from './best-seats-reason';

const areas: PriceArea[] = [
  { id: 'plain', name: '普通区', price: 45, discountPrice: 40, color: '#7aa7e0' },
  { id: 'gold', name: '黄金区', price: 60, discountPrice: 55, color: '#e0a030' },
];

/** A row of `width` seats in one area; `taken` columns (1-based) sold. */
function row(y: number, areaId: string, width: number, taken: number[] = []): SeatRow {
  const label = String.fromCharCode(65 + y);
  return {
    y,
    label,
    seats: Array.from({ length: width }, (_, x): Seat => ({
      id: `${label}${x + 1}`,
      row: label,
      label: `${label}${x + 1}`,
      col: x + 1,
      x,
      y,
      kind: 'normal',
      state: taken.includes(x + 1) ? 'sold' : 'available',
      areaId,
    })),
  };
}

describe('why 推荐选座 picked its seats', () => {
  it('names the sweet spot when the pick is in the dearest area or the hall has one area', () => {
    const rows = [row(0, 'gold', 6), row(1, 'plain', 6)];
    const picked = rows[0]!.seats.slice(2, 4);
    expect(bestSeatsReason({ rows, priceAreas: areas }, picked, 2)).toEqual({ kind: 'spot' });
    expect(bestSeatsReason({ rows, priceAreas: [areas[0]!] }, picked, 2)).toEqual({
      kind: 'spot',
    });
  });

  it('says the dearest area had no block of that size when the pick is outside it', () => {
    // The gold row has every other seat sold: no two together.
    const rows = [row(0, 'gold', 6, [2, 4, 6]), row(1, 'plain', 6)];
    const picked = rows[1]!.seats.slice(2, 4);
    expect(bestSeatsReason({ rows, priceAreas: areas }, picked, 2)).toEqual({
      kind: 'areaFull',
      area: '黄金区',
    });
  });
});
