import { afterEach, describe, expect, it, vi } from 'vitest';
import { outcomeOf, requestPayment } from './messenger-pay';
import type { PaySignFields } from './pay-sign-fields';

const fields: PaySignFields = {
  appId: 'wx123',
  timeStamp: '1763780000',
  nonceStr: 'abcdefghijklmnop',
  packageValue: 'prepay_id=wx201',
  signType: 'RSA',
  paySign: 'c2lnbg==',
};

/** A stand-in for WeChat's bridge that answers every payment with `errMsg`. */
function bridgeAnswering(errMsg: string) {
  const calls: { name: string; args: Record<string, string> }[] = [];
  vi.stubGlobal('window', {
    WeixinJSBridge: {
      invoke: (name: string, args: Record<string, string>, callback: (a: object) => void) => {
        calls.push({ name, args });
        callback({ err_msg: errMsg });
      },
    },
    setTimeout,
    clearTimeout,
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the messenger payment (spec §4)', () => {
  it('reads WeChat answers as success, cancel or fail', () => {
    expect(outcomeOf({ err_msg: 'get_brand_wcpay_request:ok' })).toBe('success');
    expect(outcomeOf({ err_msg: 'get_brand_wcpay_request:cancel' })).toBe('cancel');
    expect(outcomeOf({ err_msg: 'get_brand_wcpay_request:fail' })).toBe('fail');
    expect(outcomeOf({ errMsg: 'chooseWXPay:ok' })).toBe('success');
    expect(outcomeOf({})).toBe('fail');
  });

  it('hands the signing fields to getBrandWCPayRequest, package named as WeChat wants', async () => {
    const calls = bridgeAnswering('get_brand_wcpay_request:ok');
    const onCancel = vi.fn();
    const onFail = vi.fn();
    expect(await requestPayment(fields, { onCancel, onFail })).toBe('success');
    expect(calls).toEqual([
      {
        name: 'getBrandWCPayRequest',
        args: {
          appId: 'wx123',
          timeStamp: '1763780000',
          nonceStr: 'abcdefghijklmnop',
          package: 'prepay_id=wx201',
          signType: 'RSA',
          paySign: 'c2lnbg==',
        },
      },
    ]);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onFail).not.toHaveBeenCalled();
  });

  it('invokes the cancel handler on cancel', async () => {
    bridgeAnswering('get_brand_wcpay_request:cancel');
    const onCancel = vi.fn();
    const onFail = vi.fn();
    expect(await requestPayment(fields, { onCancel, onFail })).toBe('cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onFail).not.toHaveBeenCalled();
  });

  it('invokes the fail handler with the reason on fail', async () => {
    bridgeAnswering('get_brand_wcpay_request:fail');
    const onCancel = vi.fn();
    const onFail = vi.fn();
    expect(await requestPayment(fields, { onCancel, onFail })).toBe('fail');
    expect(onFail).toHaveBeenCalledWith('get_brand_wcpay_request:fail');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
