import { describe, expect, it } from 'vitest';
import { haversineMeters } from './geo.js';

describe('haversine distance', () => {
  it('is zero from a point to itself', () => {
    expect(
      haversineMeters(
        { latitude: 31.23, longitude: 121.47 },
        { latitude: 31.23, longitude: 121.47 },
      ),
    ).toBe(0);
  });

  it('measures People’s Square to Lujiazui as about 2.3 km', () => {
    const meters = haversineMeters(
      { latitude: 31.2336, longitude: 121.4752 },
      { latitude: 31.2367, longitude: 121.4998 },
    );
    expect(meters).toBeGreaterThan(2200);
    expect(meters).toBeLessThan(2450);
  });

  it('measures one degree of latitude as about 111 km', () => {
    const meters = haversineMeters(
      { latitude: 30, longitude: 121 },
      { latitude: 31, longitude: 121 },
    );
    expect(Math.round(meters / 1000)).toBe(111);
  });
});
