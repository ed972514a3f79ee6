import { describe, expect, it } from 'vitest';
import { formatCountdown } from './use-countdown';

describe('the hold countdown', () => {
  it('shows minutes and seconds, rounding a started second up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_001)).toBe('01:02');
    expect(formatCountdown(999)).toBe('00:01');
  });

  it('never goes below zero', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});
