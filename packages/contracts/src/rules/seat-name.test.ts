import { describe, expect, it } from 'vitest';
import { seatName, seatNames } from './seat-name.js';

describe('seat names', () => {
  it('names a row-and-number label the way Chinese moviegoers read it', () => {
    expect(seatName('K12', 'zh')).toBe('K排12座');
    expect(seatName('A3', 'zh')).toBe('A排3座');
  });

  it('names it in English too, dropping leading zeros', () => {
    expect(seatName('K12', 'en')).toBe('Row K, Seat 12');
    expect(seatName('B05', 'en')).toBe('Row B, Seat 5');
  });

  it('keeps a label of any other shape as it is', () => {
    expect(seatName('VIP-1', 'zh')).toBe('VIP-1');
    expect(seatName('情侣座3', 'zh')).toBe('情侣座3');
    expect(seatName('', 'en')).toBe('');
  });

  it('lists several seats with the list mark of each language', () => {
    expect(seatNames(['N14', 'N15'], 'zh')).toBe('N排14座、N排15座');
    expect(seatNames(['O13', 'O14'], 'en')).toBe('Row O, Seat 13; Row O, Seat 14');
    expect(seatNames(['A1'], 'en')).toBe('Row A, Seat 1');
  });
});
