import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** DEVELOPMENT ONLY: a published value, refused when NODE_ENV=production. */
export const DEV_PEPPER = 'dev-only-pay-password-pepper-not-a-secret';

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
     * Which proxies may set X-Forwarded-For: unset trusts none (the socket address counts),
     * otherwise a comma-separated list of addresses or CIDRs of the load balancers.
     */
    TRUST_PROXY: z.string().optional(),
    /** WeChat's official-accounts API (OAuth, tokens, JS-SDK ticket); tests point it at a fake. */
    WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
    /** WeChat Pay API v3; tests point it at a fake. */
    WECHAT_PAY_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
    /**
     * The server-side secret mixed into pay password hashes (and the key that wraps the stored
     * RSA private key). The default is for development only; production refuses it.
     */
    PAY_PASSWORD_PEPPER: z.string().min(32, 'must be at least 32 characters').default(DEV_PEPPER),
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
