import { describe, expect, it } from 'vitest';
import {
  cashOutcome,
  fenToYuanText,
  parseYuanText,
  pressPadKey,
  quickTenders,
  type PadKey,
} from './cash-tender';

describe('cash at the till', () => {
  it('gives the change of 100 yuan handed over for 73.50', () => {
    expect(cashOutcome(7_350, 10_000)).toEqual({ kind: 'change', changeFen: 2_650 });
  });

  it('gives no change for the exact amount', () => {
    expect(cashOutcome(7_350, 7_350)).toEqual({ kind: 'change', changeFen: 0 });
  });

  it('says how much is still missing when too little is handed over', () => {
    expect(cashOutcome(7_350, 5_000)).toEqual({ kind: 'short', shortFen: 2_350 });
  });

  it('says nothing before an amount is typed', () => {
    expect(cashOutcome(7_350, null)).toEqual({ kind: 'nothing' });
    expect(cashOutcome(7_350, 0)).toEqual({ kind: 'nothing' });
  });

  it('offers the exact sum and the total rounded up to the notes', () => {
    expect(quickTenders(7_350)).toEqual([7_350, 8_000, 10_000]);
    expect(quickTenders(12_000)).toEqual([12_000, 15_000, 20_000]);
    expect(quickTenders(3_000, 3)).toEqual([3_000, 4_000, 5_000]);
  });

  it('offers nothing for a sale of nothing', () => {
    expect(quickTenders(0)).toEqual([]);
  });

  it('reads yuan as typed, to fen', () => {
    expect(parseYuanText('100')).toBe(10_000);
    expect(parseYuanText('73.5')).toBe(7_350);
    expect(parseYuanText('73.05')).toBe(7_305);
    expect(parseYuanText(' 0.1 ')).toBe(10);
    expect(parseYuanText('73.')).toBe(7_300);
  });

  it('refuses what is not an amount, and a slip of extra zeros', () => {
    expect(parseYuanText('')).toBeNull();
    expect(parseYuanText('abc')).toBeNull();
    expect(parseYuanText('1.234')).toBeNull();
    expect(parseYuanText('-5')).toBeNull();
    expect(parseYuanText('1000000')).toBeNull();
    expect(parseYuanText('100001')).toBeNull();
  });

  it('shows fen back as the pad would type them', () => {
    expect(fenToYuanText(8_000)).toBe('80');
    expect(fenToYuanText(7_350)).toBe('73.5');
    expect(fenToYuanText(7_305)).toBe('73.05');
  });
});

describe('the till number pad', () => {
  const type = (keys: PadKey[]) => keys.reduce(pressPadKey, '');

  it('types digits, a point and two places', () => {
    expect(type(['7', '3', '.', '5'])).toBe('73.5');
    expect(type(['1', '00'])).toBe('100');
  });

  it('ignores a third decimal place and a second point', () => {
    expect(type(['1', '.', '2', '5', '9'])).toBe('1.25');
    expect(type(['1', '.', '2', '.'])).toBe('1.2');
  });

  it('starts a fraction with 0. and drops leading zeros', () => {
    expect(type(['.', '5'])).toBe('0.5');
    expect(type(['0', '0', '7'])).toBe('7');
    expect(type(['00', '5'])).toBe('5');
  });

  it('stops at the largest amount a till takes', () => {
    expect(type(['1', '00', '00', '0'])).toBe('100000');
    expect(type(['1', '00', '00', '0', '0'])).toBe('100000');
    expect(type(['9', '9', '9', '9', '9', '9'])).toBe('99999');
  });

  it('removes the last key and clears', () => {
    expect(pressPadKey('73.5', 'back')).toBe('73.');
    expect(pressPadKey('73.5', 'clear')).toBe('');
  });
});
