import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * gzip of mid-sized JSON answers (an order, a list page: 1–64 KB) in one synchronous call.
 * @fastify/compress pipes every answer through a chain of streams and a zlib stream on the thread
 * pool; for a 1.2 KB seat-hold answer that was 15 % of the server's CPU in the hold benchmark
 * (`bench:seats`), ten times the compression itself. Bigger answers and streams still go through
 * @fastify/compress (registered after this, it sees `content-encoding` set and leaves them be),
 * so a large body never blocks the event loop; routes with `config.compress: false` are skipped.
 */
/**
 * Answers below this many bytes go as they are. Under it gzip saves at most some 800 bytes that
 * change no round trip (the answer and its headers fit the first congestion window either way)
 * and costs 0.1–0.15 ms of CPU each, a tenth of a seat hold's (a hold's answer is about 1.2 KB,
 * too small to be worth it). Seat maps, lists and the other answers worth it stay compressed.
 */
export const GZIP_THRESHOLD_BYTES = 1400;

export function registerSmallGzip(
  app: FastifyInstance,
  options: { threshold: number; limit: number },
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < options.threshold || size > options.limit || !isWanted(request, reply)) {
      return done(null, payload);
    }
    const vary = reply.getHeader('vary');
    reply
      .header('content-encoding', 'gzip')
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
      .removeHeader('content-length');
    done(null, gzipSync(payload));
  });
}

function isWanted(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.getHeader('content-encoding') !== undefined) return false;
  if ((reply.routeOptions.config as { compress?: unknown }).compress === false) return false;
  if (request.headers['x-no-compression'] !== undefined) return false;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return false;
  return acceptsGzip(request.headers['accept-encoding']);
}

/** `Accept-Encoding` names gzip (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') return false;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
  });
}
