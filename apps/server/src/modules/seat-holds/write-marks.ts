import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** How many answers this process has sent to calls that may change data. */
export interface WriteMarks {
  count(): number;
}

/**
 * Counts the answers of every call but GET and HEAD (reads write nothing,
 * no-write-on-read.integration.test.ts), as each is sent: after its transaction committed, before
 * its client can follow it with a read. What is kept in memory from the database's NOTIFYs uses it
 * to know when a change made through this process may not have been heard yet (decision 036).
 * Register it before any route: it hooks each writing route as the route is declared, so reads
 * pay nothing for it.
 */
export function registerWriteMarks(app: FastifyInstance): WriteMarks {
  let count = 0;
  const isRead = (method: string) => method === 'GET' || method === 'HEAD';
  const mark: onSendHookHandler = (request, _reply, payload, done) => {
    if (!isRead(request.method)) count += 1;
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every(isRead)) return;
    route.onSend = [...[route.onSend ?? []].flat(), mark];
  });
  return { count: () => count };
}
