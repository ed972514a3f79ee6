import { z } from 'zod';
import { defineCall } from '../call.js';

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  isSignedIn: false,
  answer: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    time: z.string(),
  }),
});

/** Liveness: the process answers (no database involved). */
export const healthLiveCall = defineCall({
  method: 'GET',
  path: '/health/live',
  isSignedIn: false,
  answer: z.object({ status: z.literal('live') }),
});

/**
 * Readiness: started, not draining, database answering; otherwise 503 with code 50301 and
 * `data.reason` `starting`, `draining` or `database`.
 */
export const healthReadyCall = defineCall({
  method: 'GET',
  path: '/health/ready',
  isSignedIn: false,
  answer: z.object({ status: z.literal('ready') }),
});
