import { describe, expect, it } from 'vitest';
import { DEV_PEPPER, readEnv } from './env.js';

describe('readEnv', () => {
  it('fills every setting with its default on an empty environment', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      DEMO_DATA: true,
      RATE_LIMIT_PER_MINUTE: 600,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/[/\\]data$/);
    expect(env.WEB_DIST).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads numbers and flags from their strings', () => {
    const env = readEnv({
      PORT: '3000',
      DEMO_DATA: 'false',
      RATE_LIMIT_PER_MINUTE: '42',
      DATABASE_URL: 'postgresql://app@db:5432/marquee',
      NODE_ENV: 'production',
      PAY_PASSWORD_PEPPER: 'a-production-secret-of-at-least-32-chars',
    });
    expect(env).toMatchObject({
      PORT: 3000,
      DEMO_DATA: false,
      RATE_LIMIT_PER_MINUTE: 42,
      DATABASE_URL: 'postgresql://app@db:5432/marquee',
      NODE_ENV: 'production',
    });
  });

  it.each(['http', '0', '70000', '80.5'])('refuses PORT=%s naming the variable', (port) => {
    expect(() => readEnv({ PORT: port })).toThrow(/^Invalid environment:\n {2}PORT: /);
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL address, saying what it must look like', () => {
    expect(() => readEnv({ DATABASE_URL: 'mysql://root@localhost/app' })).toThrow(
      'Invalid environment:\n  DATABASE_URL: must start with postgres:// or postgresql://',
    );
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      readEnv({ PORT: 'x', LOG_LEVEL: 'loud', DEMO_DATA: 'yes' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(
      message
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(':')[0]),
    ).toEqual(['PORT', 'LOG_LEVEL', 'DEMO_DATA']);
  });

  it('refuses the development pay password pepper in production, naming the variable', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(
      /^Invalid environment:\n {2}PAY_PASSWORD_PEPPER: must be set to a secret of your own/,
    );
    expect(readEnv({}).PAY_PASSWORD_PEPPER).toBe(DEV_PEPPER);
  });

  it('refuses a pay password pepper shorter than 32 characters', () => {
    expect(() => readEnv({ PAY_PASSWORD_PEPPER: 'short' })).toThrow(
      /PAY_PASSWORD_PEPPER: must be at least 32/,
    );
  });
});

describe('readEnv: where WeChat is', () => {
  it('points at WeChat itself by default, and at another base (the fake WeChat) when told', () => {
    expect(readEnv({})).toMatchObject({
      WECHAT_API_BASE: 'https://api.weixin.qq.com',
      WECHAT_PAY_BASE: 'https://api.mch.weixin.qq.com',
    });
    expect(readEnv({ WECHAT_API_BASE: 'http://127.0.0.1:9999' }).WECHAT_API_BASE).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('refuses a base that is not a URL, naming the variable', () => {
    expect(() => readEnv({ WECHAT_PAY_BASE: 'api.mch.weixin.qq.com' })).toThrow(/WECHAT_PAY_BASE/);
  });
});
