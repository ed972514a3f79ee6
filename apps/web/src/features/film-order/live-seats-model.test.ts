import { describe, expect, it } from 'vitest';
import type { CallAnswer, showSeatsCall } from '@marquee/contracts';
import { applySeatChanges } from './live-seats-model';

type SeatMapData = CallAnswer<typeof showSeatsCall>;

const seat = (id: string, x: number, state: 'available' | 'held' | 'sold' | 'unavailable') => ({
  id,
  row: 'A',
  col: x + 1,
  x,
  y: 0,
  kind: state === 'unavailable' ? ('unavailable' as const) : ('normal' as const),
  areaId: state === 'unavailable' ? null : 'area',
  label: `A${x + 1}`,
  state,
});

const map = {
  rows: [
    { label: 'A', y: 0, seats: [seat('a1', 0, 'available'), seat('a2', 1, 'held')] },
    { label: 'B', y: 1, seats: [seat('b1', 0, 'unavailable')] },
  ],
} as unknown as SeatMapData;

describe('applying a stream event to a seat map', () => {
  it('takes the new state of the changed seats and keeps the other rows as they were', () => {
    const next = applySeatChanges(map, {
      showId: 's',
      version: 2,
      changes: [
        { id: 'a1', label: 'A1', state: 'held' },
        { id: 'a2', label: 'A2', state: 'available' },
      ],
    });
    expect(next.rows[0]!.seats.map((s) => s.state)).toEqual(['held', 'available']);
    expect(next.rows[1]).toBe(map.rows[1]);
  });

  it('answers the same map when nothing it shows changed', () => {
    const event = {
      showId: 's',
      version: 3,
      changes: [{ id: 'a2', label: 'A2', state: 'held' as const }],
    };
    expect(applySeatChanges(map, event)).toBe(map);
    expect(applySeatChanges(map, { ...event, changes: null })).toBe(map);
  });

  it('never makes a seat that is not for sale available', () => {
    const next = applySeatChanges(map, {
      showId: 's',
      version: 4,
      changes: [{ id: 'b1', label: 'B1', state: 'available' }],
    });
    expect(next.rows[1]!.seats[0]!.state).toBe('unavailable');
  });
});
