import { describe, expect, it } from 'vitest';
import { chinaClock, chinaDateTime, chinaInstant, chinaTime } from './china-time';

describe('china time', () => {
  it('shows a UTC instant in the cinemas’ zone, across midnight', () => {
    expect(chinaClock('2026-11-24T11:42:00Z')).toBe('19:42');
    expect(chinaDateTime('2026-11-24T16:05:00Z')).toBe('11-25 00:05');
    expect(chinaDateTime(null)).toBe('—');
  });
});

describe('china time for forms', () => {
  it('reads a picked wall-clock time as an instant at the cinemas, whatever the zone', () => {
    expect(chinaInstant(chinaTime('2026-11-30T11:30:00Z'))).toBe('2026-11-30T19:30:00+08:00');
  });
});
