import { describe, expect, it, vi } from 'vitest';
import {
  createFilmOrderStore,
  FILM_ORDER_STORAGE_KEY,
  type KeyValueStorage,
} from './film-order-store';

interface Seat {
  seatId: string;
  discountPrice: number;
}

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const cinemaInfo = { cinemaId: 'c1', name: '星幕影城（人民广场店）' };
const showInfo = { showId: 'show 42', startAt: '2026-11-22T12:00:00.000Z' };
const seats: Seat[] = [
  { seatId: 'C7', discountPrice: 45.1 },
  { seatId: 'C8', discountPrice: 45.2 },
];

function newStore(storage = memoryStorage()) {
  const hold = vi.fn(async () => ({ orderId: 'o1', holdExpiresAt: '2026-11-22T12:15:00.000Z' }));
  const store = createFilmOrderStore<typeof cinemaInfo, typeof showInfo, Seat, { orderId: string }>(
    {
      storage,
      hold,
    },
  );
  return { store, hold, storage };
}

describe('the client film order store (spec §3–§4)', () => {
  it('has no total until cinema, show and at least one seat are set', async () => {
    const { store } = newStore();
    expect(store.get().total).toBeUndefined();
    expect('total' in store.get()).toBe(false);
    await store.createOrder({ cinemaInfo, showInfo, seats: [] }, () => undefined);
    expect(store.get().total).toBeUndefined();
  });

  it('totals the seats discountPrice rounded to 2 decimals once everything is set', async () => {
    const { store } = newStore();
    await store.createOrder({ cinemaInfo, showInfo, seats }, () => undefined);
    expect(store.get().total).toBe(90.3);
  });

  it('stores cinema, show and seats, holds them and navigates to the order page with the showId', async () => {
    const { store, hold } = newStore();
    const navigate = vi.fn();
    const order = await store.createOrder({ cinemaInfo, showInfo, seats }, navigate);
    expect(hold).toHaveBeenCalledWith({ cinemaInfo, showInfo, seats });
    expect(store.get()).toMatchObject({ cinemaInfo, showInfo, seats, order });
    expect(navigate).toHaveBeenCalledWith('/cinema/order?showId=show%2042');
  });

  it('does not navigate and keeps no order when the hold is refused', async () => {
    const { store, hold } = newStore();
    hold.mockRejectedValueOnce(new Error('seat taken'));
    const navigate = vi.fn();
    await expect(store.createOrder({ cinemaInfo, showInfo, seats }, navigate)).rejects.toThrow(
      'seat taken',
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(store.get().order).toBeUndefined();
  });

  it('reset clears the show and the seats, and with them the total', async () => {
    const { store } = newStore();
    await store.createOrder({ cinemaInfo, showInfo, seats }, () => undefined);
    store.reset();
    expect(store.get().showInfo).toBeUndefined();
    expect(store.get().seats).toEqual([]);
    expect(store.get().total).toBeUndefined();
    expect(store.get().order).toBeUndefined();
  });

  it('survives a reload through session storage and tells subscribers about changes', async () => {
    const { store, storage } = newStore();
    const listener = vi.fn();
    store.subscribe(listener);
    await store.createOrder({ cinemaInfo, showInfo, seats }, () => undefined);
    expect(listener).toHaveBeenCalled();
    expect(storage.data.has(FILM_ORDER_STORAGE_KEY)).toBe(true);
    const reloaded = newStore(storage).store;
    expect(reloaded.get()).toMatchObject({
      showInfo,
      seats,
      total: 90.3,
      order: { orderId: 'o1' },
    });
  });

  it('starts empty when the saved order cannot be read', () => {
    const storage = memoryStorage();
    storage.setItem(FILM_ORDER_STORAGE_KEY, '{not json');
    expect(newStore(storage).store.get()).toEqual({ seats: [] });
  });
});
