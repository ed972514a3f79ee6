import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errors.js';
import { consoleErrorCatalogue, fullErrorCatalogue, fullErrorMessage } from './errors.js';

describe('the closed error catalogue', () => {
  it('gives every code, moviegoer and console, one meaning', () => {
    const codes = Object.values(fullErrorCatalogue).map((def) => def.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(fullErrorCatalogue)).toHaveLength(
      Object.keys(errorCatalogue).length + Object.keys(consoleErrorCatalogue).length,
    );
  });

  it('numbers console codes by their HTTP status', () => {
    for (const def of Object.values(consoleErrorCatalogue)) {
      expect(String(def.code).slice(0, 3)).toBe(String(def.status));
    }
  });

  it('says how long a locked account waits, in both languages', () => {
    expect(fullErrorMessage('STAFF_LOCKED', { retryAfterSeconds: 899 }, 'zh')).toContain('15 分钟');
    expect(fullErrorMessage('STAFF_LOCKED', { retryAfterSeconds: 61 }, 'en')).toContain('2 min');
    expect(fullErrorMessage('STAFF_LOGIN_FAILED', {}, 'en')).toContain('Five wrong tries');
  });

  it('tells the door when it opens or closed for a show, in both languages', () => {
    expect(fullErrorMessage('CHECKIN_TOO_EARLY', { admitFromText: '19:00' }, 'zh')).toBe(
      '太早了，19:00 开始检票',
    );
    expect(fullErrorMessage('CHECKIN_TOO_EARLY', { admitFromText: '19:00' }, 'en')).toBe(
      'Too early, opens at 19:00.',
    );
    expect(fullErrorMessage('CHECKIN_TOO_LATE', { admitUntilText: '20:30' }, 'zh')).toBe(
      '太晚了，20:30 已停止检票',
    );
    // The lookup's problemText uses CHECKIN_REFUSED's words: the same sentence.
    expect(
      fullErrorMessage('CHECKIN_REFUSED', { problem: 'tooLate', admitUntilText: '20:30' }, 'en'),
    ).toBe('Too late, entry closed at 20:30.');
  });

  it('says whether this network waits or every new one does, and where to sign in meanwhile', () => {
    const address = { scope: 'address', retryAfterSeconds: 1800 };
    const unfamiliar = { scope: 'unfamiliar', retryAfterSeconds: 900 };
    expect(fullErrorMessage('STAFF_LOCKED', address, 'zh')).toBe(
      '从此网络输错密码次数过多，请 30 分钟后再试',
    );
    expect(fullErrorMessage('STAFF_LOCKED', unfamiliar, 'zh')).toContain('或在常用网络登录');
    expect(fullErrorMessage('STAFF_LOCKED', unfamiliar, 'en')).toContain(
      'from a network you usually sign in from',
    );
  });
});
