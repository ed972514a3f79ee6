import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, imageTypeOf, type ImageContentType } from '@marquee/contracts/console';

/**
 * Images staff upload (film posters, goods pictures): the checks on the way in and the answer on
 * the way out, shared so every upload refuses and serves the same way.
 */
export interface UploadedImage {
  bytes: Buffer;
  contentType: ImageContentType;
  sha256: string;
}

export type ImageProblem = 'type' | 'tooLarge';

/**
 * Decode a base64 upload and check it: at most 2 MB, PNG, JPEG or WebP by its first bytes.
 * `refuse` makes the caller's error (POSTER_REFUSED, GOODS_IMAGE_REFUSED) for a problem.
 */
export function readUploadedImage(
  dataBase64: string,
  refuse: (problem: ImageProblem) => Error,
): UploadedImage {
  const clean = dataBase64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw refuse('type');
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw refuse('tooLarge');
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw refuse('type');
  return { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Answer a stored upload for <img src>: its own type, never sniffed, revalidated after a few
 * minutes by its hash (the URL stays the same across uploads, so a new one shows without a new link).
 */
export function sendStoredImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { content_type: string; bytes: Uint8Array; sha256: string },
) {
  const etag = `"${image.sha256}"`;
  reply
    .header('cache-control', 'public, max-age=300')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('content-type', image.content_type).send(Buffer.from(image.bytes));
}
