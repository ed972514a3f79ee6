import type { FastifyBaseLogger } from 'fastify';

/** What the paying use cases log through: the request's logger, or the sweep's. */
export type PaymentLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
