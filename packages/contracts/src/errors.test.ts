import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors.js';

describe('messages of the error catalogue', () => {
  it('names the new price when a payment lost to a change of the order price', () => {
    const details = { reason: 'priceChanged', payAmount: 45.5 };
    expect(errorMessage('CONFLICT', details, 'zh')).toBe(
      '订单金额刚刚变为 ¥45.50，未扣款，请确认金额后重新支付',
    );
    expect(errorMessage('CONFLICT', details, 'en')).toContain('changed to ¥45.50');
    expect(errorMessage('CONFLICT', details, 'en')).toContain('Nothing was charged');
  });

  it('keeps the general conflict message for every other change', () => {
    expect(errorMessage('CONFLICT', { reason: 'amount mismatch' }, 'zh')).toBe(
      '数据已被修改，请刷新后重试',
    );
    expect(errorMessage('CONFLICT', {}, 'en')).toBe(
      'This was changed meanwhile. Refresh and try again.',
    );
  });

  it('says a coupon cannot change while the order is being paid', () => {
    expect(errorMessage('PAYMENT_IN_PROGRESS', { reason: 'couponWhilePaying' }, 'zh')).toContain(
      '不能更换优惠券',
    );
    expect(errorMessage('PAYMENT_IN_PROGRESS', {}, 'en')).toBe(
      'The payment is still being processed.',
    );
  });
});
