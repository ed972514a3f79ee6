import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDateOf,
  cinemaClockOf,
  cinemaDateOf,
  cinemaDateTimeOf,
  cinemaInstant,
  cinemaIsoAt,
  cinemaIsoOf,
  cinemaMonthDayTimeOf,
} from './china-time.js';

describe('China time (the cinemas clock)', () => {
  it('reads an instant on the cinemas clock, eight hours ahead of UTC', () => {
    const at = new Date('2026-11-22T16:30:45Z');
    expect(cinemaDateOf(at)).toBe('2026-11-23');
    expect(cinemaClockOf(at)).toBe('00:30');
    expect(cinemaDateTimeOf(at)).toBe('2026-11-23 00:30');
    expect(cinemaMonthDayTimeOf('2026-11-22T11:42:00Z')).toBe('11-22 19:42');
    expect(cinemaIsoOf(at)).toBe('2026-11-23T00:30:45+08:00');
  });

  it('turns a wall-clock time typed at the cinema into the instant it is', () => {
    expect(cinemaIsoAt('2026-12-01', '19:30')).toBe('2026-12-01T19:30:00+08:00');
    expect(cinemaInstant('2026-12-01').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(cinemaInstant('2026-12-01', 90).toISOString()).toBe('2026-11-30T17:30:00.000Z');
  });

  it('counts a business day from 06:00 to 06:00 and moves dates by whole days', () => {
    expect(businessDateOf(new Date('2026-11-22T21:59:00Z'))).toBe('2026-11-22'); // 05:59 on the 23rd
    expect(businessDateOf(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
