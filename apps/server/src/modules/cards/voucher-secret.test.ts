import { describe, expect, it } from 'vitest';
import { demoVouchers } from '../../db/demo/cards.js';
import {
  drawVoucherNo,
  drawVoucherPassword,
  hashVoucherPassword,
  verifyVoucherPassword,
} from './voucher-secret.js';

const PEPPER = 'a-test-pepper-of-at-least-32-characters!';
const SITE = '00000000-0000-4000-8000-000000000001';

describe('voucher numbers and passwords', () => {
  it('draws 14-digit numbers and 8-digit passwords the recharge form accepts', () => {
    const numbers = new Set(Array.from({ length: 200 }, drawVoucherNo));
    expect(numbers.size).toBe(200);
    for (const cardNo of numbers) expect(cardNo).toMatch(/^88\d{12}$/);
    expect(drawVoucherPassword()).toMatch(/^\d{8}$/);
  });

  it('verifies the right password and refuses a wrong one, another card or another pepper', async () => {
    const stored = hashVoucherPassword(PEPPER, SITE, '88123456789012', '31415926');
    expect(stored).toMatch(/^hmac\$[\w-]{43}$/);
    const check = (pepper: string, cardNo: string, password: string) =>
      verifyVoucherPassword(pepper, { siteId: SITE, cardNo, stored }, password);
    expect(await check(PEPPER, '88123456789012', '31415926')).toBe(true);
    expect(await check(PEPPER, '88123456789012', '31415927')).toBe(false);
    expect(await check(PEPPER, '88123456789013', '31415926')).toBe(false);
    expect(await check(`${PEPPER}x`, '88123456789012', '31415926')).toBe(false);
  });

  it('refuses an unknown number even against the decoy', async () => {
    const answer = await verifyVoucherPassword(
      PEPPER,
      { siteId: SITE, cardNo: '88000000000000', stored: null },
      '00000000',
    );
    expect(answer).toBe(false);
  });

  it('still verifies the scrypt-hashed vouchers stored before', async () => {
    const voucher = demoVouchers[0];
    const entry = { siteId: SITE, cardNo: voucher.cardNo, stored: voucher.passwordHash };
    expect(await verifyVoucherPassword(PEPPER, entry, voucher.password)).toBe(true);
    expect(await verifyVoucherPassword(PEPPER, entry, '000000')).toBe(false);
  });
});
