// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { CinemaInfo, FilmOrder, FilmOrderSeat, ShowInfo } from '@marquee/contracts';
import { queryKeys } from '@/lib/query-keys';
import { createFilmOrderMutation, type FilmOrderInput } from './api/create-film-order';
import {
  createFilmOrderStore,
  FILM_ORDER_STORAGE_KEY,
  type KeyValueStorage,
} from './film-order-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const cinemaInfo = { id: 'c1', name: '星幕影城（人民广场店）' } as unknown as CinemaInfo;
const showInfo = { showId: 'show 42', startAt: '2026-11-22T12:00:00.000Z' } as ShowInfo;
const seats = [
  { id: 'C7', label: 'C7', areaId: null, price: 50, discountPrice: 45.1 },
  { id: 'C8', label: 'C8', areaId: null, price: 50, discountPrice: 45.2 },
] satisfies FilmOrderSeat[];

function newStore(storage = memoryStorage()) {
  const store = createFilmOrderStore<CinemaInfo, ShowInfo, FilmOrderSeat>({ storage });
  return { store, storage };
}

describe('the client film order store (spec §3–§4)', () => {
  it('has no total until cinema, show and at least one seat are set', () => {
    const { store } = newStore();
    expect(store.get().total).toBeUndefined();
    expect('total' in store.get()).toBe(false);
    store.choose({ cinemaInfo, showInfo, seats: [] });
    expect(store.get().total).toBeUndefined();
  });

  it('totals the seats discountPrice rounded to 2 decimals once everything is set', () => {
    const { store } = newStore();
    store.choose({ cinemaInfo, showInfo, seats });
    expect(store.get().total).toBe(90.3);
  });

  it('keeps only the choice: no order of the server in it', () => {
    const { store } = newStore();
    store.choose({ cinemaInfo, showInfo, seats });
    expect(Object.keys(store.get()).sort()).toEqual(['cinemaInfo', 'seats', 'showInfo', 'total']);
  });

  it('reset clears the show and the seats, and with them the total', () => {
    const { store } = newStore();
    store.choose({ cinemaInfo, showInfo, seats });
    store.reset();
    expect(store.get().showInfo).toBeUndefined();
    expect(store.get().seats).toEqual([]);
    expect(store.get().total).toBeUndefined();
  });

  it('survives a reload through session storage and tells subscribers about changes', () => {
    const { store, storage } = newStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.choose({ cinemaInfo, showInfo, seats });
    expect(listener).toHaveBeenCalled();
    expect(storage.data.has(FILM_ORDER_STORAGE_KEY)).toBe(true);
    const reloaded = newStore(storage).store;
    expect(reloaded.get()).toMatchObject({ showInfo, seats, total: 90.3 });
  });

  it('starts empty when the saved choice cannot be read', () => {
    const storage = memoryStorage();
    storage.setItem(FILM_ORDER_STORAGE_KEY, '{not json');
    expect(newStore(storage).store.get()).toEqual({ seats: [] });
  });
});

describe('creating a film order (spec §4) as a mutation', () => {
  const order = {
    id: 'o1',
    showInfo,
    cinemaInfo,
    seats,
    total: 90.3,
    holdExpiresAt: '2026-11-22T12:15:00.000Z',
    serverTime: '2026-11-22T12:00:00.000Z',
  } as unknown as FilmOrder;

  function run(create: (body: unknown) => Promise<FilmOrder>) {
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const { store } = newStore();
    const observer = new MutationObserver(
      queryClient,
      createFilmOrderMutation(queryClient, { store, create: vi.fn(create) }),
    );
    const input: FilmOrderInput = { cinemaInfo, showInfo, seats };
    return { queryClient, store, observer, input };
  }

  it('stores cinema, show and seats, holds them and writes the answer as the pending order', async () => {
    const create = vi.fn(async () => order);
    const { queryClient, store, observer, input } = run(create);
    await observer.mutate(input);
    expect(create).toHaveBeenCalledWith({ showId: 'show 42', seatLabels: ['C7', 'C8'] });
    expect(store.get()).toMatchObject({ cinemaInfo, showInfo, seats, total: 90.3 });
    expect(queryClient.getQueryData(queryKeys.filmOrders.pending('show 42'))).toEqual({ order });
  });

  it('leaves no pending order when the hold is refused, and rethrows', async () => {
    const { queryClient, observer, input } = run(async () => {
      throw new Error('seat taken');
    });
    await expect(observer.mutate(input)).rejects.toThrow('seat taken');
    expect(queryClient.getQueryData(queryKeys.filmOrders.pending('show 42'))).toBeUndefined();
  });
});
