import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/errors.js';
import type { AppDeps, SessionAuthenticator } from '../app-deps.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

/**
 * Limits are keyed by the signed-in user, not the address: many WeChat users share a carrier's
 * addresses. Anonymous calls, and calls whose token is not a live session, fall back to the
 * address, so a made-up token header never buys a fresh budget. Each API call opts in through
 * bindCall. The counts live in PostgreSQL (rate-limit-store.ts), shared by every instance.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'clock'> & { sessions: Pick<SessionAuthenticator, 'userIdOf'> },
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(deps.db, deps.clock),
    keyGenerator: async (request: FastifyRequest) => {
      const token = request.headers.token;
      const userId =
        typeof token === 'string' && token ? await deps.sessions.userIdOf(token) : null;
      return userId ? `u:${userId}` : `a:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
}
