import { describe, expect, it } from 'vitest';
import { counterPayBodySchema, shiftOpenCall } from './box-office-calls.js';

const orderId = '00000000-0000-4000-8000-000000000001';

describe('box office calls', () => {
  it('takes cash with the amount tendered in yuan, at most two decimals', () => {
    expect(counterPayBodySchema.safeParse({ method: 'cash', orderId, tendered: 100 }).success).toBe(
      true,
    );
    expect(
      counterPayBodySchema.safeParse({ method: 'cash', orderId, tendered: 10.005 }).success,
    ).toBe(false);
    expect(counterPayBodySchema.safeParse({ method: 'cash', orderId, tendered: -1 }).success).toBe(
      false,
    );
  });

  it('takes only a WeChat payment code of 18 digits starting 10 to 15', () => {
    const pay = (authCode: string) =>
      counterPayBodySchema.safeParse({ method: 'wechatMicropay', orderId, authCode }).success;
    expect(pay('134567890123456789')).toBe(true);
    expect(pay('164567890123456789')).toBe(false);
    expect(pay('13456789012345678')).toBe(false);
  });

  it('opens a shift with a float that is not negative', () => {
    expect(shiftOpenCall.body.safeParse({ float: 500 }).success).toBe(true);
    expect(shiftOpenCall.body.safeParse({ float: -5 }).success).toBe(false);
  });
});
