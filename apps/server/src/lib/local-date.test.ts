import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDateOf,
  localClockOf,
  localDateOf,
  localDateTimeOf,
  localInstant,
} from './local-date.js';

describe('local dates (Asia/Shanghai)', () => {
  it('puts 16:30 UTC on the next local day', () => {
    expect(localDateOf(new Date('2026-11-22T16:30:00Z'))).toBe('2026-11-23');
    expect(localDateOf(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
  });

  it('turns a local date and minutes into the instant', () => {
    expect(localInstant('2026-11-23', 10 * 60).toISOString()).toBe('2026-11-23T02:00:00.000Z');
    expect(localInstant('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  it('writes an instant as the local date and time, past midnight on the next day', () => {
    expect(localDateTimeOf(new Date('2026-11-22T16:30:59Z'))).toBe('2026-11-23 00:30');
    expect(localDateTimeOf(new Date('2026-11-22T08:05:00Z'))).toBe('2026-11-22 16:05');
  });

  it('adds days across a month end', () => {
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('keeps the small hours with the evening before: the business day starts at 06:00', () => {
    // 00:30 and 05:59 local on the 23rd belong to the 22nd; 06:00 starts the 23rd.
    expect(businessDateOf(new Date('2026-11-22T16:30:00Z'))).toBe('2026-11-22');
    expect(businessDateOf(new Date('2026-11-22T21:59:59Z'))).toBe('2026-11-22');
    expect(businessDateOf(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    expect(businessDateOf(new Date('2026-11-22T15:50:00Z'))).toBe('2026-11-22');
  });

  it('tells the local wall-clock time of an instant, across midnight', () => {
    expect(localClockOf(new Date('2026-11-22T11:00:00Z'))).toBe('19:00');
    expect(localClockOf(new Date('2026-11-22T16:05:00Z'))).toBe('00:05');
    expect(localDateTimeOf(new Date('2026-11-22T16:05:00Z')).slice(5)).toBe('11-23 00:05');
  });
});
