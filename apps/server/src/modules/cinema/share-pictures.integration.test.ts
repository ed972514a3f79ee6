import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * WeChat shows no thumbnail for SVG share pictures: every film poster and goods picture
 * is also served as PNG at the same path with `.png`, which the web app's share messages use.
 */
describeOnEachDatabase('posters and goods pictures as PNG for share messages', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function expectPng(url: string) {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const bytes = answer.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(bytes.readUInt32BE(16)).toBe(300); // 300 px wide: a thumbnail, not a wallpaper
    expect(bytes.length).toBeGreaterThan(1_000);
    expect(bytes.length).toBeLessThan(300_000);
    return bytes;
  }

  it('serves a drawn film poster as a 300 px PNG', async () => {
    const film = await t.db.selectFrom('films').select('id').limit(1).executeTakeFirstOrThrow();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/film/detail?filmId=${film.id}`,
      headers: { site: 'www-test' },
    });
    const posterUrl = detail.json<{ data: { posterUrl: string } }>().data.posterUrl;
    expect(posterUrl).toMatch(/\.svg$/);
    const png = await expectPng(posterUrl.replace(/\.svg$/, '.png'));
    // The second answer comes from the cache, byte for byte.
    expect((await expectPng(posterUrl.replace(/\.svg$/, '.png'))).equals(png)).toBe(true);
  });

  it('serves a goods picture as a 300 px PNG', async () => {
    const goods = await t.db.selectFrom('goods').select('id').limit(1).executeTakeFirstOrThrow();
    await expectPng(`/api/goods/image/${goods.id}.png`);
  });

  it('answers 40401 in the envelope for a picture that does not exist', async () => {
    for (const url of [
      '/api/film/poster/00000000-0000-0000-0000-000000000000.png',
      '/api/goods/image/nope.png',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 40401 });
    }
  });
});
