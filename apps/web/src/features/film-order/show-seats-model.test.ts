import { describe, expect, it } from 'vitest';
import type { ShowLayout } from '@marquee/contracts';
import { hallFromPicture } from './components/seat-map-fixture';
import { splitShowSeats } from './show-seats-fixture';
import { composeShowSeats, type ShowSeats } from './show-seats-model';

const showInfo = {
  showId: 'show-1',
  filmId: 'f1',
  filmTitle: '星际回响',
  posterUrl: '/poster.svg',
  cinemaId: 'c1',
  hallId: 'h1',
  hallName: '1号厅',
  startAt: '2026-11-24T12:00:00.000Z',
  endAt: '2026-11-24T14:00:00.000Z',
  language: '国语',
  format: '2D' as const,
};
const mapOf = (picture: string): ShowSeats => ({
  ...hallFromPicture(picture),
  showInfo,
  cinemaInfo: { cinemaId: 'c1', name: '星幕影城', address: '人民广场', phone: '021-1' },
  maxSeatsPerOrder: 6,
  holdMinutes: 15,
  serverTime: '2026-11-24T10:00:00.000Z',
});

describe('composing the seat map from its layout and availability', () => {
  it('gives back the /show/seats shape: every seat, kind, area and state, ids by label', () => {
    const map = mapOf(`
      oo.[]h
      #w.()x
    `);
    const { layout, availability } = splitShowSeats(map);
    expect(composeShowSeats(layout, availability)).toEqual({ ...map, version: 1 });
    expect(composeShowSeats(layout, availability).rows[0]!.seats[3]).toEqual({
      id: 'A4',
      row: 'A',
      col: 4,
      x: 4,
      y: 0,
      kind: 'couple-right',
      areaId: 'std',
      label: 'A4',
      state: 'sold',
    });
  });

  it('reads a label the layout gives and a seat with no price area', () => {
    const layout: ShowLayout = {
      ...splitShowSeats(mapOf('oo')).layout,
      rows: [
        {
          label: 'A',
          y: 0,
          seats: [
            [0, 1, 'n', 0, 'VIP1'],
            [1, 2, 'u', -1],
          ],
        },
      ],
    };
    const { availability } = splitShowSeats(mapOf('oo'));
    const seats = composeShowSeats(layout, { ...availability, rows: ['HX'] }).rows[0]!.seats;
    expect(seats.map((seat) => [seat.id, seat.label, seat.areaId, seat.kind, seat.state])).toEqual([
      ['VIP1', 'VIP1', 'std', 'normal', 'held'],
      ['A2', 'A2', null, 'unavailable', 'unavailable'],
    ]);
  });

  it('takes each refresh of the availability on the same layout', () => {
    const { layout, availability } = splitShowSeats(mapOf('ooo'));
    const next = composeShowSeats(layout, { ...availability, version: 2, rows: ['ASH'] });
    expect(next.rows[0]!.seats.map((seat) => seat.state)).toEqual(['available', 'sold', 'held']);
    expect(next.serverTime).toBe(availability.serverTime);
    expect(next.version).toBe(2);
  });

  it('refuses availability that follows another layout version', () => {
    const { layout, availability } = splitShowSeats(mapOf('ooo'));
    expect(() => composeShowSeats(layout, { ...availability, layoutVersion: 'other' })).toThrow(
      /follows layout other/,
    );
  });
});
