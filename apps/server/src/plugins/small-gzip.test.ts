import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, registerSmallGzip } from './small-gzip.js';

describe('gzip of JSON answers', () => {
  const app = Fastify();
  const answer = (size: number) => ({ code: 0, msg: 'ok', data: 'x'.repeat(size) });
  beforeAll(async () => {
    registerSmallGzip(app, { threshold: 1024, limit: 64 * 1024 });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
    app.get('/small', async () => answer(100));
    app.get('/mid', async () => answer(1200));
    app.get('/big', async () => answer(200_000));
    app.get('/prepared', { config: { compress: false } }, async () => answer(1200));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses a 1.2 KB answer in one call, the same bytes as asked', async () => {
    const response = await get('/mid', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(answer(1200));
    expect(response.rawPayload.length).toBeLessThan(200);
    // One buffer with its length, not @fastify/compress's chunked stream.
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
  });

  it('leaves small answers, unwilling clients and opted-out routes alone', async () => {
    expect((await get('/small', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/mid')).headers['content-encoding']).toBeUndefined();
    expect((await get('/mid', 'gzip;q=0, br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/prepared', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await get('/mid')).json()).toEqual(answer(1200));
  });

  it('hands answers past the limit to @fastify/compress', async () => {
    const response = await get('/big', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(answer(200_000));
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
