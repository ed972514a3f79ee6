import { describe, expect, it } from 'vitest';
import { deltaFitsReason, goodsFieldsSchema, stockMoveCall } from './goods-calls.js';

describe('stock movement reasons', () => {
  it('lets received and returned only add, damaged, expired and lost only take', () => {
    expect(deltaFitsReason('received', 5)).toBe(true);
    expect(deltaFitsReason('received', -5)).toBe(false);
    expect(deltaFitsReason('returned', 1)).toBe(true);
    expect(deltaFitsReason('damaged', -2)).toBe(true);
    expect(deltaFitsReason('damaged', 2)).toBe(false);
    expect(deltaFitsReason('lost', 1)).toBe(false);
    expect(deltaFitsReason('expired', -1)).toBe(true);
  });

  it('lets a correction go either way but never by zero', () => {
    expect(deltaFitsReason('correction', 3)).toBe(true);
    expect(deltaFitsReason('correction', -3)).toBe(true);
    expect(deltaFitsReason('correction', 0)).toBe(false);
  });

  it('names the delta when a movement does not fit its reason', () => {
    const parsed = stockMoveCall.body.safeParse({
      variantId: 'v',
      cinemaId: 'c',
      delta: -1,
      reason: 'received',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['delta']);
  });
});

describe('goods fields', () => {
  const variant = {
    specs: [{ name: '杯型', value: '大杯' }],
    priceFen: 1200,
    originalPriceFen: null,
  };
  const goods = { categoryId: 'c', name: ' 可乐 ', isOnSale: true, variants: [variant] };

  it('trims names and defaults the description and tags', () => {
    expect(goodsFieldsSchema.parse(goods)).toMatchObject({
      name: '可乐',
      description: '',
      tags: [],
    });
  });

  it('refuses an original price below the price, and two variants with the same specs', () => {
    const cheaper = { ...variant, originalPriceFen: 1000 };
    expect(goodsFieldsSchema.safeParse({ ...goods, variants: [cheaper] }).success).toBe(false);
    expect(goodsFieldsSchema.safeParse({ ...goods, variants: [variant, variant] }).success).toBe(
      false,
    );
  });
});
