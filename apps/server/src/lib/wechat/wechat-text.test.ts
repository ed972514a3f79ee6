import { describe, expect, it } from 'vitest';
import { cutToUtf8Bytes, wechatNotifyOriginProblem } from './wechat-text.js';

describe('cutToUtf8Bytes', () => {
  it('keeps a text that fits as it is', () => {
    expect(cutToUtf8Bytes('星光影城 - 电影票 2 张', 127)).toBe('星光影城 - 电影票 2 张');
  });

  it('cuts Chinese text between characters, never inside one', () => {
    // Each character is 3 bytes: 127 bytes hold 42 of them (126 bytes), not 43.
    const text = '星'.repeat(50);
    expect(cutToUtf8Bytes(text, 127)).toBe('星'.repeat(42));
    expect(cutToUtf8Bytes(`ab${text}`, 127)).toBe(`ab${'星'.repeat(41)}`);
    expect(Buffer.byteLength(cutToUtf8Bytes(`a${text}`, 127))).toBe(127);
  });

  it('keeps an emoji with its modifiers and a letter with its combining mark, or drops both', () => {
    const family = '👨‍👩‍👧'; // 18 bytes, one character on screen
    expect(cutToUtf8Bytes(`票${family}`, 10)).toBe('票');
    expect(cutToUtf8Bytes(`票${family}`, 21)).toBe(`票${family}`);
    expect(cutToUtf8Bytes('ae\u0301', 3)).toBe('a');
  });
});

describe('wechatNotifyOriginProblem', () => {
  it('accepts https on a public host name', () => {
    expect(wechatNotifyOriginProblem('https://cinema.example.com')).toBeNull();
    expect(wechatNotifyOriginProblem('https://cinema.example.com:443')).toBeNull();
  });

  it.each([
    ['http://cinema.example.com', /is not https/],
    ['https://cinema.example.com:8443', /names a port/],
    ['https://cinema.example.com/?a=1', /not a bare origin/],
    ['https://localhost', /not a public host name/],
    ['https://intranet', /not a public host name/],
    ['https://203.0.113.7', /an IP address/],
    ['cinema.example.com', /not a URL/],
  ])('refuses %s', (origin, problem) => {
    expect(wechatNotifyOriginProblem(origin)).toMatch(problem);
  });
});
