import { describe, expect, it } from 'vitest';
import { orderQrContent, parseScannedCode } from './order-code.js';

describe('scanned and typed order codes', () => {
  it('reads back the QR text the server writes for a ticket and a pickup', () => {
    expect(
      parseScannedCode(orderQrContent('film', 'www-test', '2026112412345678', '1234567890')),
    ).toEqual({
      code: '1234567890',
      kind: 'film',
      siteCode: 'www-test',
      orderNo: '2026112412345678',
    });
    expect(
      parseScannedCode(orderQrContent('store', 'cinema-a', '2026112400000001', '87654321')),
    ).toEqual({
      code: '87654321',
      kind: 'store',
      siteCode: 'cinema-a',
      orderNo: '2026112400000001',
    });
  });

  it('takes a typed ticket code of 10 digits and a pickup code of 8, ignoring spaces and dashes', () => {
    expect(parseScannedCode(' 12345 67890 ')).toMatchObject({ code: '1234567890', kind: 'film' });
    expect(parseScannedCode('8765-4321')).toMatchObject({ code: '87654321', kind: 'store' });
  });

  it('refuses text that is neither', () => {
    expect(parseScannedCode('')).toBeNull();
    expect(parseScannedCode('123456789')).toBeNull();
    expect(parseScannedCode('abc12345678')).toBeNull();
    expect(parseScannedCode('https://example.com/?code=1234567890')).toBeNull();
    // A ticket prefix with a pickup's 8 digits is not a ticket.
    expect(parseScannedCode('MARQUEE:TICKET:www-test:2026112412345678:12345678')).toBeNull();
  });
});
