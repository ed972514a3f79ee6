import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDefinition } from '@marquee/contracts';
import type { AppDeps, SiteRow } from '../../app-deps.js';
import { parseOrThrow } from '../../plugins/calls.js';
import { requestLang } from '../../plugins/error-handler.js';
import { acceptsGzip } from '../../plugins/small-gzip.js';

/**
 * An answer serialized and gzipped once, served to many, whose last field `serverTime` is the
 * time of each request (decision 036). The envelope's JSON up to that value is kept as text and
 * as a gzip stream left open (flushed to a byte boundary, no final block); a request appends
 * `"<time>"}}` as one final stored (uncompressed) deflate block and the gzip trailer, with the
 * CRC-32 continued from the kept part's. So there is no JSON building, validation or compression
 * per request, and the bytes are what `gzip` of the whole would decode to.
 */
export interface TimedAnswer {
  /** Weak: the bytes differ by `serverTime`, the content does not. */
  etag: string;
  head: string;
  /** Null when gzip would not be smaller (a small hall's availability). */
  gzipHead: Buffer | null;
  headCrc: number;
  headSize: number;
}

// ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const TAIL_FIELD = '"serverTime":""}}';

/** Keep an envelope `{ code, msg, data }` whose data ends with `serverTime` (any value). */
export function prepareTimedAnswer<T extends { serverTime: string }>(data: T): TimedAnswer {
  const json = JSON.stringify({ code: 0, msg: 'ok', data: { ...data, serverTime: '' } });
  if (!json.endsWith(TAIL_FIELD)) throw new Error('serverTime must be the last field');
  const head = json.slice(0, -'""}}'.length);
  const headBytes = Buffer.from(head);
  const deflated = deflateRawSync(headBytes, { finishFlush: constants.Z_SYNC_FLUSH });
  return {
    etag: `W/"${createHash('sha1').update(headBytes).digest('base64url')}"`,
    head,
    // The 18 bytes of gzip's header and trailer and the 5 of the stored block must pay off.
    gzipHead:
      deflated.length + 23 < headBytes.length ? Buffer.concat([GZIP_HEADER, deflated]) : null,
    headCrc: crc32(headBytes),
    headSize: headBytes.length,
  };
}

const tailOf = (serverTime: Date) => `${JSON.stringify(serverTime.toISOString())}}}`;

export function timedJson(answer: TimedAnswer, serverTime: Date): string {
  return answer.head + tailOf(serverTime);
}

export function timedGzip(answer: TimedAnswer & { gzipHead: Buffer }, serverTime: Date): Buffer {
  const tail = Buffer.from(tailOf(serverTime));
  const block = Buffer.allocUnsafe(5);
  block[0] = 1; // BFINAL, stored
  block.writeUInt16LE(tail.length, 1);
  block.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc32(tail, answer.headCrc), 0);
  trailer.writeUInt32LE((answer.headSize + tail.length) % 2 ** 32, 4);
  return Buffer.concat([answer.gzipHead, block, tail, trailer]);
}

/**
 * Bind a public GET whose answer is a TimedAnswer: the site is checked and the query parsed as
 * bindCall does; no per-request rate limit (no query per request, like the layout); gzip when
 * accepted; with `isRevalidated`, an ETag and `If-None-Match` answered 304 with no body.
 */
export function bindTimedCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C & { isSignedIn: false },
  handler: (context: {
    query: z.output<C['query']>;
    site: SiteRow;
    lang: 'zh' | 'en';
  }) => Promise<{ answer: TimedAnswer; serverTime: Date }>,
  options: { isRevalidated: boolean },
): void {
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    // A GET has no body to decompress: no preParsing hook of @fastify/compress either.
    config: { rateLimit: false, compress: false, decompress: false },
    handler: async (request, reply) => {
      const site = await deps.sites.resolve(header(request, 'site'));
      const query = parseOrThrow(call.query, request.query, 'query') as z.output<C['query']>;
      const { answer, serverTime } = await handler({ query, site, lang: requestLang(request) });
      // Names follow the request's language (decision 027).
      reply.header('vary', 'accept-encoding, accept-language, site');
      if (options.isRevalidated) {
        reply.header('etag', answer.etag).header('cache-control', 'no-cache');
        const given = header(request, 'if-none-match');
        if (given && isMatch(given, answer.etag)) return reply.code(304).send();
      }
      reply.header('content-type', 'application/json; charset=utf-8');
      const { gzipHead } = answer;
      if (gzipHead && acceptsGzip(header(request, 'accept-encoding'))) {
        return reply
          .header('content-encoding', 'gzip')
          .send(timedGzip({ ...answer, gzipHead }, serverTime));
      }
      return reply.send(timedJson(answer, serverTime));
    },
  });
}

/** If-None-Match compares weakly (RFC 9110): `W/` on either side is ignored. */
function isMatch(given: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return given.trim() === '*' || given.split(',').some((tag) => bare(tag) === bare(etag));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}
