import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, roundYuan, yuanToFen } from './money.js';

describe('money', () => {
  it('formats fen as yuan with two decimals, the one formatter of web and server', () => {
    expect(formatYuan(1800)).toBe('18.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(-150)).toBe('-1.50');
    expect(formatYuan(123456789)).toBe('1234567.89');
  });

  it('shows yuan from the wire with two decimals without float drift', () => {
    expect(formatYuan(yuanToFen(0.1 + 0.2))).toBe('0.30');
    expect(formatYuan(yuanToFen(18))).toBe('18.00');
    expect(formatYuan(yuanToFen(250.1))).toBe('250.10');
  });

  it('converts between fen and yuan and rounds yuan to 2 decimals', () => {
    expect(fenToYuan(1234)).toBe(12.34);
    expect(yuanToFen(12.34)).toBe(1234);
    expect(roundYuan(0.1 + 0.2)).toBe(0.3);
  });
});
