import { describe, expect, it } from 'vitest';
import { DEV_PEPPER, readEnv } from './env.js';
import { DEV_SECRETS_KEY } from './lib/secrets.js';

const productionKey = `k2:${Buffer.alloc(32, 7).toString('base64')}`;

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
      PHONE_CODE_RESEND_SECONDS: 60,
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
      PHONE_CODE_RESEND_SECONDS: '15',
      DATABASE_URL: 'postgresql://app@db:5432/marquee',
      NODE_ENV: 'production',
      PAY_PASSWORD_PEPPER: 'a-production-secret-of-at-least-32-chars',
      SECRETS_KEY: productionKey,
      PUBLIC_ORIGIN: 'https://cinema.example.com',
    });
    expect(env).toMatchObject({
      PORT: 3000,
      DEMO_DATA: false,
      RATE_LIMIT_PER_MINUTE: 42,
      PHONE_CODE_RESEND_SECONDS: 15,
      DATABASE_URL: 'postgresql://app@db:5432/marquee',
      NODE_ENV: 'production',
    });
  });

  it.each(['0', 'soon', '1.5'])(
    'refuses PHONE_CODE_RESEND_SECONDS=%s naming the variable',
    (value) => {
      expect(() => readEnv({ PHONE_CODE_RESEND_SECONDS: value })).toThrow(
        /^Invalid environment:\n {2}PHONE_CODE_RESEND_SECONDS: /,
      );
    },
  );

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

describe('readEnv: operations', () => {
  const production = {
    NODE_ENV: 'production',
    PAY_PASSWORD_PEPPER: 'a-production-secret-of-at-least-32-chars',
    SECRETS_KEY: productionKey,
    PUBLIC_ORIGIN: 'https://cinema.example.com',
    DATABASE_URL: 'postgresql://app@db:5432/marquee',
  };

  it('refuses production on the embedded database unless ALLOW_EMBEDDED_DATABASE says so', () => {
    expect(() => readEnv({ ...production, DATABASE_URL: undefined })).toThrow(
      /^Invalid environment:\n {2}DATABASE_URL: is required in production.*set ALLOW_EMBEDDED_DATABASE=true$/,
    );
    expect(() =>
      readEnv({ ...production, DATABASE_URL: undefined, ALLOW_EMBEDDED_DATABASE: 'false' }),
    ).toThrow(/DATABASE_URL: is required in production/);
    const embedded = readEnv({
      ...production,
      DATABASE_URL: undefined,
      ALLOW_EMBEDDED_DATABASE: 'true',
    });
    expect(embedded.DATABASE_URL).toBeUndefined();
    expect(embedded.ALLOW_EMBEDDED_DATABASE).toBe(true);
    // Development and tests keep the embedded database without asking.
    expect(readEnv({}).ALLOW_EMBEDDED_DATABASE).toBe(false);
    expect(() => readEnv({ ALLOW_EMBEDDED_DATABASE: 'yes' })).toThrow(/ALLOW_EMBEDDED_DATABASE/);
  });

  it('reads DATABASE_LISTEN_URL beside DATABASE_URL, never alone', () => {
    const direct = 'postgresql://app@db-primary:5432/marquee';
    expect(readEnv({ ...production, DATABASE_LISTEN_URL: direct }).DATABASE_LISTEN_URL).toBe(
      direct,
    );
    expect(readEnv(production).DATABASE_LISTEN_URL).toBeUndefined();
    expect(() => readEnv({ DATABASE_LISTEN_URL: direct })).toThrow(
      /DATABASE_LISTEN_URL: needs DATABASE_URL/,
    );
    expect(() => readEnv({ ...production, DATABASE_LISTEN_URL: 'db:5432' })).toThrow(
      /DATABASE_LISTEN_URL: must start with postgres/,
    );
  });

  it('refuses the development secrets key and a missing public origin in production', () => {
    expect(() => readEnv({ ...production, SECRETS_KEY: undefined })).toThrow(
      /SECRETS_KEY: must be set to a key of your own in production/,
    );
    expect(() => readEnv({ ...production, PUBLIC_ORIGIN: undefined })).toThrow(
      /PUBLIC_ORIGIN: is required in production/,
    );
    expect(readEnv(production).SECRETS_KEY).toBe(productionKey);
    expect(readEnv({}).SECRETS_KEY).toBe(DEV_SECRETS_KEY);
  });

  it.each([
    ['http://cinema.example.com', /is not https/],
    ['https://cinema.example.com:8443', /names a port/],
    ['https://localhost', /not a public host name/],
  ])('refuses PUBLIC_ORIGIN=%s in production: WeChat Pay could not call it back', (origin, why) => {
    expect(() => readEnv({ ...production, PUBLIC_ORIGIN: origin })).toThrow(
      /PUBLIC_ORIGIN: cannot receive WeChat Pay's notices in production/,
    );
    expect(() => readEnv({ ...production, PUBLIC_ORIGIN: origin })).toThrow(why);
  });

  it('keeps development and tests on http://localhost with a port', () => {
    expect(readEnv({ PUBLIC_ORIGIN: 'http://localhost:8080' }).PUBLIC_ORIGIN).toBe(
      'http://localhost:8080',
    );
    expect(
      readEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }).PUBLIC_ORIGIN,
    ).toBe('http://127.0.0.1:3000');
  });

  it.each(['cinema.example.com', 'https://cinema.example.com/pay', 'ftp://cinema.example.com'])(
    'refuses PUBLIC_ORIGIN=%s: an origin has a scheme and no path',
    (origin) => {
      expect(() => readEnv({ PUBLIC_ORIGIN: origin })).toThrow(/PUBLIC_ORIGIN: must be an origin/);
    },
  );

  it('refuses a secrets key that is not an id and 32 bytes, old keys included', () => {
    expect(() => readEnv({ SECRETS_KEY: 'k1:short' })).toThrow(/SECRETS_KEY: must be "<id>:/);
    expect(() => readEnv({ SECRETS_PREVIOUS_KEYS: `${productionKey},nonsense` })).toThrow(
      /SECRETS_PREVIOUS_KEYS/,
    );
    expect(readEnv({ SECRETS_PREVIOUS_KEYS: ` ${productionKey} ,` }).SECRETS_PREVIOUS_KEYS).toEqual(
      [productionKey],
    );
  });

  it('reads REDIS_URL, METRICS_TOKEN and the drain delay', () => {
    expect(readEnv({})).toMatchObject({ SHUTDOWN_DRAIN_SECONDS: 0 });
    expect(readEnv({}).REDIS_URL).toBeUndefined();
    expect(() => readEnv({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
    expect(() => readEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(readEnv({ SHUTDOWN_DRAIN_SECONDS: '10' }).SHUTDOWN_DRAIN_SECONDS).toBe(10);
  });
});
