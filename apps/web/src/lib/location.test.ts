// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LAST_LOCATION_KEY, nearQueryOf, rememberedPoint, rememberPoint } from './location';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const lujiazui = { lat: 31.23974, lng: 121.49981 };

describe('the location used to sort lists', () => {
  it('uses the last shared location while a fresh one is asked for, so a list shows at once', () => {
    expect(nearQueryOf({ status: 'locating' }, lujiazui)).toEqual({ lat: 31.24, lng: 121.5 });
    expect(nearQueryOf({ status: 'unavailable' }, lujiazui)).toEqual({ lat: 31.24, lng: 121.5 });
    // A timeout is not a refusal: the remembered point still stands in.
    expect(nearQueryOf({ status: 'timedOut' }, lujiazui)).toEqual({ lat: 31.24, lng: 121.5 });
  });

  it('prefers the fresh location, and uses none after a refusal or without a remembered one', () => {
    const fresh = { lat: 31.1949, lng: 121.4375 };
    expect(nearQueryOf({ status: 'located', point: fresh }, lujiazui)).toEqual({
      lat: 31.195,
      lng: 121.438,
    });
    expect(nearQueryOf({ status: 'denied' }, lujiazui)).toEqual({});
    expect(nearQueryOf({ status: 'locating' }, null)).toEqual({});
  });

  it('remembers only a rounded point, forgets it on request, and ignores what it cannot read', () => {
    const store = memoryStorage();
    expect(rememberedPoint(store)).toBeNull();
    rememberPoint(lujiazui, store);
    expect(JSON.parse(store.getItem(LAST_LOCATION_KEY)!)).toEqual({ lat: 31.24, lng: 121.5 });
    expect(rememberedPoint(store)).toEqual({ lat: 31.24, lng: 121.5 });
    rememberPoint(null, store);
    expect(rememberedPoint(store)).toBeNull();
    store.setItem(LAST_LOCATION_KEY, '{"lat":"x"}');
    expect(rememberedPoint(store)).toBeNull();
    store.setItem(LAST_LOCATION_KEY, 'not json');
    expect(rememberedPoint(store)).toBeNull();
  });
});
