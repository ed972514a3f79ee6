import { describe, expect, it } from 'vitest';
import type { ShowAvailability, ShowLayout } from '@marquee/contracts';
import { applyStreamChanges, seatsLeft, tillSeatMap } from './till-seats-model';

const layout = {
  layoutVersion: 'v1',
  columns: 5,
  rowCount: 2,
  rows: [
    {
      label: 'A',
      y: 0,
      seats: [
        [0, 1, 'n', 0],
        [1, 2, 'n', 0],
        [3, 3, 'u', -1],
        [4, 4, 'w', 0],
      ],
    },
    {
      label: 'B',
      y: 1,
      seats: [
        [0, 1, 'l', 1, 'L1'],
        [1, 2, 'r', 1, 'L2'],
      ],
    },
  ],
} as unknown as ShowLayout;

const availability: ShowAvailability = {
  showId: 's1',
  version: 4,
  layoutVersion: 'v1',
  rows: ['AHXA', 'SS'],
  serverTime: '2026-11-28T10:00:00Z',
};

describe('the till seat map', () => {
  it('names seats by label and gives each its state now', () => {
    const map = tillSeatMap(layout, availability);
    expect(map.rows[0]!.seats.map((seat) => [seat.label, seat.state])).toEqual([
      ['A1', 'available'],
      ['A2', 'held'],
      ['A3', 'unavailable'],
      ['A4', 'available'],
    ]);
    expect(map.rows[1]!.seats.map((seat) => [seat.label, seat.kind])).toEqual([
      ['L1', 'couple-left'],
      ['L2', 'couple-right'],
    ]);
    expect(seatsLeft(map)).toBe(2);
  });

  it('writes a stream event into the row strings', () => {
    const next = applyStreamChanges(layout, availability, {
      showId: 's1',
      version: 5,
      changes: [
        { id: 'x', label: 'A1', state: 'sold' },
        { id: 'y', label: 'L2', state: 'available' },
      ],
    });
    expect(next).toMatchObject({ version: 5, rows: ['SHXA', 'SA'] });
  });

  it('ignores an event no newer than what the till shows', () => {
    const event = {
      showId: 's1',
      version: 4,
      changes: [{ id: 'x', label: 'A1', state: 'sold' as const }],
    };
    expect(applyStreamChanges(layout, availability, event)).toBe(availability);
  });

  it('asks for a fresh read when the event lists no changes or an unknown seat', () => {
    expect(
      applyStreamChanges(layout, availability, { showId: 's1', version: 6, changes: null }),
    ).toBeNull();
    expect(
      applyStreamChanges(layout, availability, {
        showId: 's1',
        version: 6,
        changes: [{ id: 'z', label: 'Z9', state: 'held' }],
      }),
    ).toBeNull();
  });

  it('never makes a seat out of use for sale', () => {
    const next = applyStreamChanges(layout, availability, {
      showId: 's1',
      version: 5,
      changes: [{ id: 'x', label: 'A3', state: 'available' }],
    });
    expect(next?.rows[0]).toBe('AHXA');
  });
});
