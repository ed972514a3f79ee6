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
