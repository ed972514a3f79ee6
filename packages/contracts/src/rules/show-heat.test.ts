import { describe, expect, it } from 'vitest';
import { showHeatOf } from './show-heat.js';

describe('show heat', () => {
  it('says sold out when no seat is left', () => {
    expect(showHeatOf(0, 60)).toBe('soldOut');
  });

  it('says few when at most 15 % of the seats are left', () => {
    expect(showHeatOf(24, 159)).toBe('few');
    expect(showHeatOf(25, 159)).toBe('normal');
  });

  it('counts one full order (6) as few in a small hall, and caps few at 30 in a large one', () => {
    expect(showHeatOf(6, 20)).toBe('few');
    expect(showHeatOf(9, 60)).toBe('few');
    expect(showHeatOf(10, 60)).toBe('normal');
    expect(showHeatOf(30, 574)).toBe('few');
    expect(showHeatOf(31, 574)).toBe('normal');
  });
});
