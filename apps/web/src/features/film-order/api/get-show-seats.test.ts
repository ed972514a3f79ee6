import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDefinition } from '@marquee/contracts';
import { hallFromPicture } from '../components/seat-map-fixture';
import { splitShowSeats } from '../show-seats-fixture';
import type { ShowSeats } from '../show-seats-model';
import { showSeatsQuery } from './get-show-seats';

const api = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api/api', () => ({ api }));

const map: ShowSeats = {
  ...hallFromPicture('oox'),
  showInfo: {
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
    format: '2D',
  },
  cinemaInfo: { cinemaId: 'c1', name: '星幕影城', address: '人民广场', phone: '021-1' },
  maxSeatsPerOrder: 6,
  holdMinutes: 15,
  serverTime: '2026-11-24T10:00:00.000Z',
};

/** The server: the layout of `layoutVersion`, the availability following it. */
let layoutVersion = 'v1';
beforeEach(() => {
  layoutVersion = 'v1';
  api.mockReset();
  api.mockImplementation(async (call: CallDefinition) => {
    const { layout, availability } = splitShowSeats(map, layoutVersion);
    if (call.path === '/show/layout') return layout;
    if (call.path === '/show/availability') return availability;
    throw new Error(`unexpected call ${call.path}`);
  });
});
const paths = () => api.mock.calls.map((args) => (args[0] as CallDefinition).path);

describe('the seat map query', () => {
  it('reads layout and availability on open, then only the availability on a refresh', async () => {
    const client = new QueryClient();
    const first = await client.fetchQuery(showSeatsQuery('show-1'));
    expect(first.rows[0]!.seats.map((seat) => seat.state)).toEqual([
      'available',
      'available',
      'sold',
    ]);
    expect(paths().sort()).toEqual(['/show/availability', '/show/layout']);
    expect(api.mock.calls.every(([, input]) => input.cache === undefined)).toBe(true);

    api.mockClear();
    await client.refetchQueries({ queryKey: showSeatsQuery('show-1').queryKey });
    expect(paths()).toEqual(['/show/availability']);
  });

  it('reads the layout again, past the browser cache, when the availability follows a new one', async () => {
    const client = new QueryClient();
    await client.fetchQuery(showSeatsQuery('show-1'));
    layoutVersion = 'v2';
    api.mockClear();
    await client.refetchQueries({ queryKey: showSeatsQuery('show-1').queryKey });
    expect(paths()).toEqual(['/show/availability', '/show/layout']);
    expect(api.mock.calls[1]![1]).toMatchObject({ cache: 'no-cache' });
    expect(client.getQueryData(showSeatsQuery('show-1').queryKey)?.version).toBe(1);
  });
});
