import { describe, expect, it } from 'vitest';
import { micropayOutcome, parseV2Xml, signV2, toV2Xml, verifyV2 } from './wechat-pay-v2.js';

// WeChat Pay's own signing example (安全规范, API v2): these parameters and API key.
const example = {
  appid: 'wxd930ea5d5a258f4f',
  mch_id: '10000100',
  device_info: '1000',
  body: 'test',
  nonce_str: 'ibuaiVcKdpRxkhJA',
};
const KEY = '192006250b4c09247ec02edce69f6a2d';

describe('WeChat Pay v2 signatures', () => {
  it('signs WeChat’s documented example to its documented MD5 and HMAC-SHA256 values', () => {
    expect(signV2(example, KEY)).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
    expect(signV2(example, KEY, 'HMAC-SHA256')).toBe(
      '6A9AE1657590FD6257D693A078E1C3E4BB6BA4DC30B23E0EE2496E54170DACD6',
    );
  });

  it('leaves empty values and the sign itself out of what is signed', () => {
    const withExtras = { ...example, attach: '', sign: 'WHATEVER' };
    expect(signV2(withExtras, KEY)).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
  });

  it('verifies a signed answer by its sign_type and refuses a changed one', () => {
    const signed = { ...example, sign_type: 'HMAC-SHA256' };
    const answer = { ...signed, sign: signV2(signed, KEY, 'HMAC-SHA256') };
    expect(verifyV2(answer, KEY)).toBe(true);
    expect(verifyV2({ ...answer, body: 'test2' }, KEY)).toBe(false);
    expect(verifyV2({ ...answer, sign: '' }, KEY)).toBe(false);
    expect(verifyV2(answer, 'another-key-of-32-characters-xxx')).toBe(false);
  });
});

describe('WeChat Pay v2 XML', () => {
  it('writes and reads back a flat body, CDATA and a stray ]]> included', () => {
    const params = { return_code: 'SUCCESS', body: '爆米花 & <可乐> ]]> 套餐', total_fee: '3500' };
    expect(parseV2Xml(toV2Xml(params))).toEqual(params);
  });

  it('reads plain text values with entities, as WeChat sometimes sends them', () => {
    expect(
      parseV2Xml('<?xml version="1.0"?><xml><a>1</a><b>x &amp; y</b><c><![CDATA[z]]></c></xml>'),
    ).toEqual({ a: '1', b: 'x & y', c: 'z' });
  });

  it('refuses a document type or entity (XXE), and anything not a v2 body', () => {
    expect(() =>
      parseV2Xml('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><a>&e;</a></xml>'),
    ).toThrow(/DOCTYPE/);
    expect(() => parseV2Xml('{"a":1}')).toThrow();
  });
});

describe('what a micropay answer means', () => {
  const ok = { return_code: 'SUCCESS', result_code: 'FAIL' };
  it('is paid with a transaction id, waiting on USERPAYING, unknown on system or bank errors', () => {
    expect(
      micropayOutcome({ return_code: 'SUCCESS', result_code: 'SUCCESS', transaction_id: '42' }),
    ).toEqual({ kind: 'paid', transactionId: '42' });
    expect(micropayOutcome({ ...ok, err_code: 'USERPAYING' })).toEqual({ kind: 'waiting' });
    expect(micropayOutcome({ ...ok, err_code: 'SYSTEMERROR' }).kind).toBe('unknown');
    expect(micropayOutcome({ ...ok, err_code: 'BANKERROR' }).kind).toBe('unknown');
    expect(micropayOutcome({ return_code: 'FAIL', return_msg: '签名错误' }).kind).toBe('unknown');
  });

  it('fails with WeChat’s words for a lapsed code or too little money', () => {
    expect(
      micropayOutcome({ ...ok, err_code: 'AUTHCODEEXPIRE', err_code_des: '二维码已过期' }),
    ).toEqual({ kind: 'failed', code: 'AUTHCODEEXPIRE', reason: '二维码已过期' });
    expect(micropayOutcome({ ...ok, err_code: 'NOTENOUGH' }).kind).toBe('failed');
  });
});
