import { describe, expect, it } from 'vitest';
import { payPasswordProblem } from './pay-password.js';

describe('pay password rules', () => {
  it.each(['258013', '369147', '902718', '100200'])('accepts %s', (password) => {
    expect(payPasswordProblem(password)).toBeNull();
  });

  it.each(['', '12345', '1234567', '12a456', ' 25801', '２５８０１３'])(
    'refuses %j as not 6 digits',
    (password) => {
      expect(payPasswordProblem(password)).toBe('format');
    },
  );

  it.each([
    '000000',
    '111111',
    '123456',
    '234567',
    '654321',
    '987654',
    '012345',
    '121212',
    '123123',
  ])('refuses the guessable %s', (password) => {
    expect(payPasswordProblem(password)).toBe('trivial');
  });
});
