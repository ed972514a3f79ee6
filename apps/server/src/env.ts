import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_SECRETS_KEY, parseSecretsKey } from './lib/secrets.js';
import { wechatNotifyOriginProblem } from './lib/wechat/wechat-text.js';

/**
 * The repository's root: the nearest folder above this file holding apps/web. Found rather than
 * counted, as this code runs from src/ (tsx) and from a bundle chunk in dist/ (npm start).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'web', 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** DEVELOPMENT ONLY: a published value, refused when NODE_ENV=production. */
export const DEV_PEPPER = 'dev-only-pay-password-pepper-not-a-secret';

const KEY_FORMAT = 'must be "<id>:<base64 of 32 random bytes>"';

function isSecretsKey(value: string): boolean {
  try {
    parseSecretsKey(value);
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    /** A PostgreSQL server; without it the embedded PGlite keeps its data in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    /**
     * Production on the embedded PGlite (no DATABASE_URL) only when this says so: one process,
     * no backup while it runs. The operator who means it sets `true`.
     */
    ALLOW_EMBEDDED_DATABASE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * A direct (session) connection for the seat feed's LISTEN and the migrations at start, when
     * DATABASE_URL goes through a pooler in transaction mode (PgBouncer), where LISTEN and session
     * locks do not work. Unset: DATABASE_URL.
     */
    DATABASE_LISTEN_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** The built staff console, served at /console. */
    CONSOLE_DIST: z.string().default(path.join(repoRoot, 'apps/console/dist')),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Load the demo site, cinemas and users on first start. */
    DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /** Requests per minute per signed-in user (or per address when anonymous). */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * Seconds before another text code of the same purpose may be sent to a user (the spec's one
     * a minute). Tests of the whole server start it shorter rather than waiting out the minute.
     */
    PHONE_CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Which proxies may set X-Forwarded-For: unset trusts none (the socket address counts),
     * otherwise a comma-separated list of addresses or CIDRs of the load balancers.
     */
    TRUST_PROXY: z.string().optional(),
    /** WeChat's official-accounts API (OAuth, tokens, JS-SDK ticket); tests point it at a fake. */
    WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
    /** WeChat Pay API v3; tests point it at a fake. */
    WECHAT_PAY_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
    /** Tencent Cloud SMS API 3.0, for sites with an SMS provider (decision 032); tests use a fake. */
    TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com'),
    /**
     * The server-side secret mixed into pay password hashes (and the key that wraps the stored
     * RSA private key). The default is for development only; production refuses it.
     */
    PAY_PASSWORD_PEPPER: z.string().min(32, 'must be at least 32 characters').default(DEV_PEPPER),
    /**
     * Where the public reaches this deployment (`https://cinema.example.com`): WeChat Pay's
     * notify_url is built on it (a site's own `public_origin` wins). Required in production.
     */
    PUBLIC_ORIGIN: z
      .string()
      .regex(
        /^https?:\/\/[^/?#\s]+$/,
        'must be an origin like https://cinema.example.com (no path)',
      )
      .optional(),
    /** The key of secrets at rest, `<id>:<base64 of 32 bytes>`; the default is for development. */
    SECRETS_KEY: z.string().refine(isSecretsKey, KEY_FORMAT).default(DEV_SECRETS_KEY),
    /** Older keys, comma-separated, still read while `npm run secrets:rotate` moves values off them. */
    SECRETS_PREVIOUS_KEYS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.every(isSecretsKey), KEY_FORMAT),
    /** Rate-limit counters in Redis (`redis://host:6379/0`), shared by every instance; unset: memory. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Bearer token that opens GET /metrics; unset: no /metrics at all. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Seconds between the shutdown signal (readiness failing) and closing the listener. */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && env.PAY_PASSWORD_PEPPER === DEV_PEPPER) {
      context.addIssue({
        code: 'custom',
        path: ['PAY_PASSWORD_PEPPER'],
        message:
          'must be set to a secret of your own in production (the default is for development)',
      });
    }
    if (env.NODE_ENV === 'production' && env.SECRETS_KEY === DEV_SECRETS_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: 'must be set to a key of your own in production (the default is for development)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'is required in production (WeChat Pay calls back on it)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !env.ALLOW_EMBEDDED_DATABASE) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is required in production: the embedded database (DATA_DIR) serves one process and ' +
          'cannot be backed up while it runs. To run production on it all the same, set ' +
          'ALLOW_EMBEDDED_DATABASE=true',
      });
    }
    if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_LISTEN_URL'],
        message: 'needs DATABASE_URL (it is the listening side of a PostgreSQL server)',
      });
    }
    const originProblem =
      env.NODE_ENV === 'production' && env.PUBLIC_ORIGIN
        ? wechatNotifyOriginProblem(env.PUBLIC_ORIGIN)
        : null;
    if (originProblem) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: `cannot receive WeChat Pay's notices in production: ${originProblem} (https on a public host name, no port)`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Read and check the environment once; a bad value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
