import { describe, expect, it } from 'vitest';
import { canSplitWith, defaultCardFen, splitProblem } from './split-tender';

describe('a split tender at the till', () => {
  it('offers the whole balance of a card that cannot pay the total', () => {
    expect(defaultCardFen(8_000, 3_050)).toBe(3_050);
  });

  it('offers half the total of a card that could pay it all', () => {
    expect(defaultCardFen(8_001, 20_000)).toBe(4_000);
  });

  it('offers nothing for an empty card or a total too small to split', () => {
    expect(defaultCardFen(8_000, 0)).toBe(0);
    expect(defaultCardFen(1, 500)).toBe(0);
  });

  it('refuses a card part of nothing, of the whole total, or above the balance', () => {
    expect(splitProblem(8_000, null, 5_000)).toBe('zero');
    expect(splitProblem(8_000, 0, 5_000)).toBe('zero');
    expect(splitProblem(8_000, 8_000, 9_000)).toBe('whole');
    expect(splitProblem(8_000, 6_000, 5_000)).toBe('overBalance');
    expect(splitProblem(8_000, 5_000, 5_000)).toBeNull();
  });

  it('splits only with a card that has money and a pay password', () => {
    expect(canSplitWith({ balanceFen: 100, hasPayPassword: true })).toBe(true);
    expect(canSplitWith({ balanceFen: 0, hasPayPassword: true })).toBe(false);
    expect(canSplitWith({ balanceFen: 100, hasPayPassword: false })).toBe(false);
  });
});
