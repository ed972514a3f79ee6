import { describe, expect, it } from 'vitest';
import { stripSymbology } from './scan-result';

describe("WeChat's scan result", () => {
  it('drops the symbology of a bar code', () => {
    expect(stripSymbology('CODE_128,8800123456789012')).toBe('8800123456789012');
    expect(stripSymbology('EAN_13,6901234567892')).toBe('6901234567892');
  });

  it('keeps a QR code text as it is, commas included', () => {
    expect(stripSymbology('MQ-2026-0001')).toBe('MQ-2026-0001');
    expect(stripSymbology('hello, world')).toBe('hello, world');
    expect(stripSymbology('https://example.com/?a=1,2')).toBe('https://example.com/?a=1,2');
  });
});
