import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { CallDefinition } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import {
  bindPreparedGet,
  header,
  isNoneMatched,
  type PublicGetHandler,
} from '../../plugins/calls.js';
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
 * Bind a public GET whose answer is a TimedAnswer (bindPreparedGet: site, query, no per-request
 * limit); gzip when accepted; with `isRevalidated`, an ETag and `If-None-Match` answered 304 with
 * no body.
 */
export function bindTimedCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C & { isSignedIn: false },
  handler: PublicGetHandler<C, { answer: TimedAnswer; serverTime: Date }>,
  options: { isRevalidated: boolean },
): void {
  bindPreparedGet(app, deps, call, handler, (request, reply, { answer, serverTime }) => {
    if (options.isRevalidated) {
      reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      if (isNoneMatched(request, answer.etag)) return reply.code(304).send();
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    const { gzipHead } = answer;
    if (gzipHead && acceptsGzip(header(request, 'accept-encoding'))) {
      return reply
        .header('content-encoding', 'gzip')
        .send(timedGzip({ ...answer, gzipHead }, serverTime));
    }
    return reply.send(timedJson(answer, serverTime));
  });
}
