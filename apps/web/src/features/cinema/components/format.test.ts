import { describe, expect, it } from 'vitest';
import { formatDistance } from './format';
import { cinemaPath } from './paths';

describe('cinema list formatting', () => {
  it('shows metres under a kilometre and kilometres with one decimal above', () => {
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(850.4)).toBe('850m');
    expect(formatDistance(1234)).toBe('1.2km');
    expect(formatDistance(150_400)).toBe('150km');
  });

  it('keeps the film and date in a cinema link so the page opens where the visitor was', () => {
    expect(cinemaPath('c 1', { filmId: 'f1', date: '2026-11-22' })).toBe(
      '/cinema/detail?cinemaId=c+1&filmId=f1&date=2026-11-22',
    );
  });
});
