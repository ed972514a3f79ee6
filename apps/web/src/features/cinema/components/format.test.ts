import { describe, expect, it } from 'vitest';
import { formatDistance } from './format';

describe('cinema list formatting', () => {
  it('shows metres under a kilometre and kilometres with one decimal above', () => {
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(850.4)).toBe('850m');
    expect(formatDistance(1234)).toBe('1.2km');
    expect(formatDistance(150_400)).toBe('150km');
  });
});
