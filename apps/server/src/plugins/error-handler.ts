import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@marquee/contracts';
import {
  fullErrorCatalogue,
  fullErrorMessage,
  type FullErrorName,
} from '@marquee/contracts/console';
import { AppError } from '../lib/errors.js';

/** The language of messages: English when the client prefers it, Simplified Chinese otherwise. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first?.startsWith('en') ? 'en' : 'zh';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  type: FullErrorName,
  details: Record<string, unknown> = {},
) {
  const definition = fullErrorCatalogue[type];
  return reply.status(definition.status).send({
    code: definition.code,
    msg: fullErrorMessage(type, details, requestLang(request)),
    data: { ...details, requestId: request.id },
  });
}

/** One place maps every failure to the envelope; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A readiness probe answering 503 while starting or draining is expected, not a failure.
      if (error.status >= 500 && error.type !== 'SERVICE_UNAVAILABLE') {
        request.log.error({ err: error }, 'service failure');
      }
      return sendError(request, reply, error.type, error.details);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendError(request, reply, 'RATE_LIMITED', { retryAfterSeconds: 60 });
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, a body too large: the client's input, not our fault.
      return sendError(request, reply, 'VALIDATION_FAILED', {
        fields: ['body'],
        reason: (error as FastifyError).code ?? 'BAD_REQUEST',
      });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or the connections cut: retryable; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '2');
      return sendError(request, reply, 'SERVICE_UNAVAILABLE', {
        reason: 'database',
        retryAfterSeconds: 2,
      });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(request, reply, 'INTERNAL');
  });
}
