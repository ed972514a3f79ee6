import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prepareTimedAnswer, timedGzip, timedJson } from './timed-answer.js';

const rows = Array.from({ length: 30 }, (_, y) => ({ y, seats: 'A'.repeat(20 + y) }));

describe('answers prepared once with a serverTime per request', () => {
  it('puts the request time last, in JSON and in a gzip stream that decodes to the same JSON', () => {
    const answer = prepareTimedAnswer({ showId: 's1', rows, serverTime: 'ignored' });
    const at = new Date('2026-11-24T08:00:00.123Z');
    const json = timedJson(answer, at);
    expect(JSON.parse(json)).toEqual({
      code: 0,
      msg: 'ok',
      data: { showId: 's1', rows, serverTime: at.toISOString() },
    });
    expect(answer.gzipHead).not.toBeNull();
    const zipped = timedGzip({ ...answer, gzipHead: answer.gzipHead! }, at);
    expect(gunzipSync(zipped).toString()).toBe(json);
    expect(zipped.length).toBeLessThan(Buffer.byteLength(json) / 2);

    const later = new Date('2026-11-24T09:30:00.000Z');
    expect(gunzipSync(timedGzip({ ...answer, gzipHead: answer.gzipHead! }, later)).toString()).toBe(
      timedJson(answer, later),
    );
  });

  it('names the content by a weak ETag that ignores the time and follows everything else', () => {
    const one = prepareTimedAnswer({ rows, serverTime: 'a' });
    expect(one.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(prepareTimedAnswer({ rows, serverTime: 'b' }).etag).toBe(one.etag);
    expect(prepareTimedAnswer({ rows: rows.slice(1), serverTime: 'a' }).etag).not.toBe(one.etag);
  });

  it('keeps no gzip when it would not be smaller, and refuses serverTime anywhere but last', () => {
    expect(prepareTimedAnswer({ v: 1, serverTime: '' }).gzipHead).toBeNull();
    expect(() => prepareTimedAnswer({ serverTime: '', after: 1 })).toThrow(/last field/);
  });
});
