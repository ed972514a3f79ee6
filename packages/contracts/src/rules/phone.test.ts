import { describe, expect, it } from 'vitest';
import { isMobilePhone } from './phone.js';

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
