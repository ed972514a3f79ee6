import { describe, expect, it } from 'vitest';
import {
  micropayOutcome,
  parseV2Xml,
  signV2,
  toV2Xml,
  verifyV2,
} from '../../lib/wechat/wechat-pay-v2.js';
import { TestClock } from '../test-clock.js';
import { FakeWechatMicropay } from './fake-wechat-micropay.js';
import { FakeWechatServer } from './fake-wechat-server.js';

const MCH = '1900000109';
const KEY = 'MarqueeTestApiV2Key0123456789abc';

function request(fields: Record<string, string>, key = KEY): string {
  const params = { appid: 'wx-test', mch_id: MCH, nonce_str: 'n0nce0123456789ab', ...fields };
  return toV2Xml({ ...params, sign: signV2(params, key) });
}

function fake() {
  const micropay = new FakeWechatMicropay(new TestClock());
  micropay.addMerchant(MCH, KEY);
  const post = (path: string, fields: Record<string, string>, key = KEY) => {
    const answer = micropay.handle('POST', path, request(fields, key));
    const params = parseV2Xml(answer.xml);
    if (params.return_code === 'SUCCESS') expect(verifyV2(params, KEY)).toBe(true);
    return params;
  };
  return { micropay, post };
}

const pay = (outTradeNo: string, authCode: string) => ({
  body: '星幕影城-票',
  out_trade_no: outTradeNo,
  total_fee: '7800',
  spbill_create_ip: '127.0.0.1',
  auth_code: authCode,
});

describe('the fake WeChat’s 付款码 payment (API v2)', () => {
  it('pays a payment code at once, signed, and answers the same again for the same order', () => {
    const { post } = fake();
    const first = post('/pay/micropay', pay('MQ1', '134567890123456789'));
    expect(micropayOutcome(first)).toMatchObject({ kind: 'paid' });
    const again = post('/pay/micropay', pay('MQ1', '134567890123456789'));
    expect(again.transaction_id).toBe(first.transaction_id);
    expect(post('/pay/orderquery', { out_trade_no: 'MQ1' }).trade_state).toBe('SUCCESS');
  });

  it('waits while the customer types the password, then the query finds it paid', () => {
    const { micropay, post } = fake();
    micropay.script('134567890000000001', { kind: 'userPaying' });
    expect(micropayOutcome(post('/pay/micropay', pay('MQ2', '134567890000000001')))).toEqual({
      kind: 'waiting',
    });
    expect(post('/pay/orderquery', { out_trade_no: 'MQ2' }).trade_state).toBe('USERPAYING');
    micropay.confirm('MQ2');
    expect(post('/pay/orderquery', { out_trade_no: 'MQ2' }).trade_state).toBe('SUCCESS');
  });

  it('reverses a payment that did not end in time', () => {
    const { micropay, post } = fake();
    micropay.script('134567890000000002', { kind: 'userPaying' });
    post('/pay/micropay', pay('MQ3', '134567890000000002'));
    expect(post('/secapi/pay/reverse', { out_trade_no: 'MQ3' })).toMatchObject({
      result_code: 'SUCCESS',
      recall: 'N',
    });
    expect(micropay.stateOf('MQ3')).toBe('REVOKED');
  });

  it('refuses a code as scripted, and a request signed with another key', () => {
    const { micropay, post } = fake();
    micropay.script('134567890000000003', {
      kind: 'refused',
      errCode: 'NOTENOUGH',
      errCodeDes: '余额不足',
    });
    expect(micropayOutcome(post('/pay/micropay', pay('MQ4', '134567890000000003')))).toEqual({
      kind: 'failed',
      code: 'NOTENOUGH',
      reason: '余额不足',
    });
    const forged = post('/pay/micropay', pay('MQ5', '134567890123456789'), 'x'.repeat(32));
    expect(forged).toMatchObject({ return_code: 'FAIL', return_msg: '签名错误' });
    expect(micropay.stateOf('MQ5')).toBeUndefined();
  });

  it('is served over HTTP by the fake WeChat server as XML', async () => {
    const server = await FakeWechatServer.start(new TestClock());
    try {
      server.micropay.addMerchant(MCH, KEY);
      const response = await fetch(`${server.baseUrl}/pay/micropay`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: request(pay('MQ6', '134567890123456789')),
      });
      expect(response.headers.get('content-type')).toContain('text/xml');
      const answer = parseV2Xml(await response.text());
      expect(verifyV2(answer, KEY)).toBe(true);
      expect(micropayOutcome(answer).kind).toBe('paid');
      expect(server.count('/pay/micropay')).toBe(1);
    } finally {
      await server.close();
    }
  });
});
