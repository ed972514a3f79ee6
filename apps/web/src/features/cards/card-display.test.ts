import { describe, expect, it } from 'vitest';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import {
  balanceSummary,
  cardTail,
  groupCardNo,
  rechargeProblems,
  signedYuan,
} from './card-display';

describe('card display helpers', () => {
  it('signs amounts with + and a real minus, two decimals', () => {
    expect(signedYuan(30)).toBe('+30.00');
    expect(signedYuan(-12.5)).toBe('−12.50');
    expect(signedYuan(0.1 + 0.2)).toBe('+0.30');
  });

  it('shows yuan with two decimals', () => {
    expect(formatYuan(yuanToFen(250.1))).toBe('250.10');
  });

  it('groups a card number in fours', () => {
    expect(groupCardNo('6600000000000001')).toBe('6600 0000 0000 0001');
    expect(groupCardNo('8800000001')).toBe('8800 0000 01');
  });

  it('checks the recharge form like the server does', () => {
    expect(rechargeProblems('8800000001', '318274')).toEqual({ cardNo: null, password: null });
    expect(rechargeProblems('12345', '12345')).toEqual({
      cardNo: 'cardNoInvalid',
      password: 'cardPasswordInvalid',
    });
    expect(rechargeProblems('88000000ab', '123456789')).toEqual({
      cardNo: 'cardNoInvalid',
      password: 'cardPasswordInvalid',
    });
  });

  it('sums the money once: a general card counts for tickets and snacks, and is said apart', () => {
    const summary = balanceSummary([
      { cardTypeList: ['general'], balance: 100 },
      { cardTypeList: ['film'], balance: 30.1 },
      { cardTypeList: ['goods'], balance: 20.2 },
    ]);
    expect(summary).toEqual({ total: 150.3, film: 130.1, goods: 120.2, shared: 100 });
    expect(summary.film + summary.goods).toBeGreaterThan(summary.total);
    expect(balanceSummary([])).toEqual({ total: 0, film: 0, goods: 0, shared: 0 });
  });

  it('names a card by its last four digits only', () => {
    expect(cardTail('6600000000000001')).toBe('0001');
  });
});
