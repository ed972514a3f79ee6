import { describe, expect, it } from 'vitest';
import { isMobilePhone, maskPhone } from './phone.js';

describe('mainland mobile numbers', () => {
  it.each(['13800138000', '19912345678', ' 15000000000 '])('accepts %j', (phone) => {
    expect(isMobilePhone(phone)).toBe(true);
  });
  it.each(['12800138000', '1380013800', '138001380001', '+8613800138000', '1380013800a', ''])(
    'refuses %j',
    (phone) => {
      expect(isMobilePhone(phone)).toBe(false);
    },
  );
});

describe('masked phone numbers', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
  it('hides a number too short to mask in part', () => {
    expect(maskPhone('12345')).toBe('****');
  });
});
