import { describe, expect, it } from 'vitest';
import { textCell, voucherCsv } from './voucher-csv';

describe('the voucher batch file', () => {
  it('starts with the UTF-8 byte order mark and ends lines with CRLF', () => {
    const bytes = Buffer.from(
      voucherCsv([['88000000000001', '01234567']], '50.00', '2027-11-28', 'zh'),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      '卡号,密码,面值(元),有效期至\r\n="88000000000001",="01234567",50.00,2027-11-28\r\n',
    );
  });

  it('keeps a 14-digit number and a leading-zero password as text', () => {
    expect(textCell('88000000000001')).toBe('="88000000000001"');
    expect(textCell('00012345')).toBe('="00012345"');
  });

  it('names the columns in English for English pages', () => {
    expect(voucherCsv([], '1.00', '2027-01-01', 'en')).toBe(
      '\uFEFFCard number,Password,Value (yuan),Valid until\r\n',
    );
  });
});
