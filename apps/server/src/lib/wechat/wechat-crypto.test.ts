import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  clientPaySign,
  decryptResource,
  encryptResource,
  parseAuthorization,
  signingMessage,
  toBeijingRfc3339,
  verifySha256Rsa,
  wechatMessage,
} from './wechat-crypto.js';

/*
 * Worked examples computed outside this code, then written down here:
 * - the keys are TEST keys made with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`
 *   (test-support/fake-wechat/fixtures); RSA PKCS#1 v1.5 signatures are deterministic, so
 * - each expected signature is `printf '<the lines>' | openssl dgst -sha256 -sign <key>.pem | base64 -w0`;
 * - the AES-256-GCM ciphertext is Python `cryptography`'s
 *   `base64(AESGCM(key).encrypt(nonce, plaintext, associated_data))` (ciphertext then 16-byte tag).
 */
const fixture = (name: string) =>
  fs.readFileSync(
    new URL(`../../test-support/fake-wechat/fixtures/${name}`, import.meta.url),
    'utf8',
  );
const merchantKey = fixture('test-merchant-private-key.pem');
const merchantPublicKey = fixture('test-merchant-public-key.pem');
const platformPublicKey = fixture('test-platform-public-key.pem');

const ORDER_BODY =
  '{"appid":"wxd678efh567hg6787","mchid":"1230000109","description":"Marquee film order","out_trade_no":"F20261122000001","time_expire":"2026-11-22T11:15:00+08:00","notify_url":"https://www-test.example.com/api/wxpay/notify","amount":{"total":7600,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}';
const ORDER_SIGNATURE =
  'Eb1u6l/QZNCpOB+PfA3/++D4Lmb54DXUV/Q7NN+GAbmFpjgxJ8y+m/4M0nzc9BR3jmROvz1URSUpJmuuWQuHHDvmc+FUsbO0pD7j11WskTXYI5LuAirTCqYQi4yPUYhmIIbVL6GXENpf7KsockK12LUfvfUhNGAUjwxaK5b3U3WOLNhmUet8Lk7+sw6zxkbBgbTFXE5D/IhtuBqPBFaRF2nZgJA6unqcXh3BOJwfUzbKAU0a4LNm9nGcXuPNArYoj1WwL/94DwYiTkm7sb4+MhERp1cAjv4llnO9out/G92KY+TsCvjC0zpxlJndilIQLtakwowcDU1jVPPwayhJsw==';
const PAY_SIGN =
  'nrG1aw8L+tGK5kW5T/hdk8wfHFLZHy5akWa8Caivni4l0knJcTtGwftoRjH60k7xl3lOLLIx8qd9NxEDXDYI0mdXxgPNR5jTCNxwUIp3sa7UBdXLLGSXdF54z5IrQfKwNm5BfAzE/ZcKEoWBNzg5/CiEEdbr0OI4/5rdRZ8oc6sXsxXLY80C62X7Jr2ZlBAB6IoI/3HEA/H9s2VpMp4ko9ck1wIMmpyLvfOZM4qvc+akMAku14f3fu12DWOT5Rp4cAXmvOZA62gF1JE+aeWb9kyb5NM/sjINiFP1UReaujzL4qMSjVaQ/sozUcs67cCClRCsRrEwJ0/9LbV+qMCetg==';
const NOTIFY_BODY =
  '{"id":"EV-2018022511223320873","create_time":"2026-11-22T10:30:00+08:00","resource_type":"encrypt-resource","event_type":"TRANSACTION.SUCCESS","summary":"支付成功","resource":{"original_type":"transaction","algorithm":"AEAD_AES_256_GCM","ciphertext":"CIPHER","associated_data":"transaction","nonce":"fdasflkja484"}}';
// printf '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n<NOTIFY_BODY>\n' | openssl dgst -sha256 -sign test-platform-private-key.pem | base64 -w0
const NOTIFY_SIGNATURE =
  'VYWLAbwq5OMnStQxWymnPgDaHe2qZLVyqFCKBY3MB05SOM7QBqRRsuQ1Yg0VnDMHnuUi6G1PTUIR3Uh1U9FwXbrAUKJwYEqsZHkJKzCiL1GWYk4Y2UvwLxnGEppBct9EBOb/Lu+9lQSdxi34mKU16OadVb5D+kPJAHDP8kQJsZbpMEeRIi6A9xgBwp68nLVInJQkZcqONmuT/nEyZZLBvVPhO8zztsmUOdBX4Sjg0cJm7tkM1aqmMtLxtBCqk6JsAC2syGVDKnn8ZacRveDTptGz7T5N6dKM8ZoxjA1sLlX1Hg6zXFR1XbBgA3woI0vOPitwBKE2kLRTNVpJpy5Peg==';
const API_V3_KEY = 'MarqueeTestApiV3Key0123456789abc';
const TRANSACTION =
  '{"mchid":"1230000109","appid":"wxd678efh567hg6787","out_trade_no":"F20261122000001","transaction_id":"4200000000202611220000000001","trade_type":"JSAPI","trade_state":"SUCCESS","trade_state_desc":"支付成功","success_time":"2026-11-22T10:30:00+08:00","payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"},"amount":{"total":7600,"payer_total":7600,"currency":"CNY","payer_currency":"CNY"}}';
const TRANSACTION_CIPHERTEXT =
  'im5LLrEkpA6eH6AiJBDroOwv156+5a9C4kueABJPnGN59tLYacQSHKTFWAB/khzemG9j8t444TYQaJ9CswWWfQorHTL81RnOUpBX3Zth3W+A66u/a72FwGobkOdsB7u8DeKmTxhc3P001za27K67dvaDyD9o12YH08y0fHKWofAPpOuHXPkAGxDATJG2oZ+cGpG6iFcKyrX/U9Y4gVI3HM0+vZP3LQ8FsEwtsLyuiqEzHQiFjaLazRZrNbJrxEO87fzRd6igRA02xStk90StKw1Oxhulkb0PgZ+XjYEkTxu9GdhfnsyjrO0SiZMOEvuX+kq4Kw2rhu0C2vypmGrvgWZD9cjo1t8HdO+6NL2oIjxxLWzumtGYWQ7thNwrI82OWR2E8xCEUbMHUh+GhWbVZ/a6b+2EWXdV3avLQWxhtntJ8gUI8p+Ks3nneH/5RwF3iPHPxUVARir8fRa4OX3aLwdS3OMQr26g5PMfxSE49q/mkTZZdQXeHq9r7j33+zxgPjYNSR+H1cHjl+zBYqMV6uZ2Dg==';

describe('WeChat Pay v3 signatures', () => {
  it('ends every line of a signing string with a newline, the last one too', () => {
    expect(signingMessage(['GET', '/v3/certificates', '1554208460', 'abc', ''])).toBe(
      'GET\n/v3/certificates\n1554208460\nabc\n\n',
    );
  });

  it('signs a JSAPI order request exactly as openssl does', () => {
    const header = authorizationHeader({
      mchid: '1230000109',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKeyPem: merchantKey,
      method: 'POST',
      pathWithQuery: '/v3/pay/transactions/jsapi',
      timestamp: 1554208460,
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
      body: ORDER_BODY,
    });
    expect(header).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="${ORDER_SIGNATURE}",timestamp="1554208460",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"`,
    );
  });

  it('reads the fields of an Authorization header back in any order', () => {
    const fields = parseAuthorization(
      'WECHATPAY2-SHA256-RSA2048 timestamp="1",serial_no="S",mchid="M",nonce_str="N",signature="a/b+c=="',
    );
    expect(fields).toEqual({
      timestamp: '1',
      serial_no: 'S',
      mchid: 'M',
      nonce_str: 'N',
      signature: 'a/b+c==',
    });
    expect(parseAuthorization('Bearer x')).toBeNull();
  });

  it('computes the client paySign over appId, timeStamp, nonceStr and package as openssl does', () => {
    expect(
      clientPaySign(merchantKey, {
        appId: 'wxd678efh567hg6787',
        timeStamp: '1414561699',
        nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
        package: 'prepay_id=wx201410272009395522657a690389285100',
      }),
    ).toBe(PAY_SIGN);
    expect(
      verifySha256Rsa(
        merchantPublicKey,
        'wxd678efh567hg6787\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n',
        PAY_SIGN,
      ),
    ).toBe(true);
  });

  it("accepts WeChat's notify signature over timestamp, nonce and body with the platform key", () => {
    const message = wechatMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', NOTIFY_BODY);
    expect(verifySha256Rsa(platformPublicKey, message, NOTIFY_SIGNATURE)).toBe(true);
  });

  it('rejects the notify signature when one byte of the body changed', () => {
    const tampered = NOTIFY_BODY.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs');
    const message = wechatMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', tampered);
    expect(verifySha256Rsa(platformPublicKey, message, NOTIFY_SIGNATURE)).toBe(false);
  });

  it('rejects a signature made with another key and a signature that is not base64', () => {
    const message = wechatMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', NOTIFY_BODY);
    expect(verifySha256Rsa(merchantPublicKey, message, NOTIFY_SIGNATURE)).toBe(false);
    expect(verifySha256Rsa(platformPublicKey, message, '%%%')).toBe(false);
  });
});

describe('notification resources (AES-256-GCM)', () => {
  const resource = {
    algorithm: 'AEAD_AES_256_GCM' as const,
    ciphertext: TRANSACTION_CIPHERTEXT,
    associated_data: 'transaction',
    nonce: 'fdasflkja484',
    original_type: 'transaction',
  };

  it('decrypts the resource Python cryptography encrypted with the APIv3 key', () => {
    expect(decryptResource(API_V3_KEY, resource)).toBe(TRANSACTION);
  });

  it('refuses a resource whose associated data was changed', () => {
    expect(() => decryptResource(API_V3_KEY, { ...resource, associated_data: 'refund' })).toThrow();
  });

  it('refuses a resource decrypted with another APIv3 key', () => {
    expect(() => decryptResource('X'.repeat(32), resource)).toThrow();
  });

  it('encrypts the way it decrypts (the fake server uses this side)', () => {
    const encrypted = encryptResource(API_V3_KEY, TRANSACTION, {
      nonce: 'fdasflkja484',
      associatedData: 'transaction',
      originalType: 'transaction',
    });
    expect(encrypted.ciphertext).toBe(TRANSACTION_CIPHERTEXT);
  });
});

describe('WeChat times', () => {
  it('writes a UTC instant as RFC 3339 in Beijing time, whole seconds', () => {
    expect(toBeijingRfc3339(new Date('2026-11-22T03:15:00.750Z'))).toBe(
      '2026-11-22T11:15:00+08:00',
    );
    expect(toBeijingRfc3339(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23T04:00:00+08:00');
  });
});
