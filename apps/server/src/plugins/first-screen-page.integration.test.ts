import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { loadDemoDataOnce } from '../db/demo-data.js';
import { describeOnEachDatabase, openTestDatabase } from '../test-support/test-database.js';
import { noBackgroundWork } from '../test-support/test-app.js';

/** A build on disk with an index.html that has a head, and the build's manifest. */
function fakeBuild() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-first-screen-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title></title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/app/routes/home-index.tsx': { file: 'assets/home-index-1.js' },
    }),
  );
  return root;
}

interface Carried {
  site: string;
  lang: string;
  answers: Record<string, unknown>;
}

function carried(page: string): Carried | null {
  const match = /<script type="application\/json" id="first-screen-answers">(.*?)<\/script>/s.exec(
    page,
  );
  return match ? (JSON.parse(match[1]!) as Carried) : null;
}

describeOnEachDatabase('the first screen written into the page', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    database = await openTestDatabase(kind);
    await loadDemoDataOnce(database.db);
    app = await buildApp({ database, logLevel: 'silent', webDist: dist, ...noBackgroundWork });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost:8080', ...headers } });
  const api = async (url: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api${url}`, headers })).json<{ data: unknown }>()
      .data;

  it("carries the API's own answers, in the reader's language, for the host's site", async () => {
    for (const [acceptLanguage, lang, asked] of [
      ['en-US,en;q=0.9', 'en', 'en'],
      ['zh-CN,zh;q=0.9,en;q=0.8', 'zh', 'zh-CN'],
    ] as const) {
      const response = await page('/home/index', { 'accept-language': acceptLanguage });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const inPage = carried(response.body);
      expect(inPage).toMatchObject({ site: 'www-test', lang });
      const headers = { site: 'www-test', 'accept-language': asked };
      const films = await api('/film/list?status=showing', headers);
      expect(inPage!.answers['/film/list?status=showing']).toEqual(films);
      expect(inPage!.answers['/wx/authConfig']).toEqual(await api('/wx/authConfig', headers));
      // The first poster is preloaded at high priority; the page's chunk beside the entry.
      const firstPoster = (films as { list: { posterUrl: string }[] }).list[0]!.posterUrl;
      expect(response.body).toContain(
        `<link rel="preload" as="image" href="${firstPoster}" fetchpriority="high">`,
      );
      expect(response.body).toContain('href="/assets/home-index-1.js"');
    }
    // The two languages really differ (English names, decision 027), so the test can tell.
    const zh = carried((await page('/home/index', { 'accept-language': 'zh-CN' })).body);
    const en = carried((await page('/home/index', { 'accept-language': 'en' })).body);
    expect(JSON.stringify(zh!.answers)).not.toBe(JSON.stringify(en!.answers));
  });

  it('asks the calls of each landing page with its query', async () => {
    const coming = carried((await page('/home/index?status=coming')).body);
    expect(Object.keys(coming!.answers).sort()).toEqual([
      '/film/list?status=coming',
      '/wx/authConfig',
    ]);
    const store = carried((await page('/store/product/list')).body);
    expect(Object.keys(store!.answers).sort()).toEqual([
      '/goods/getCategoryList',
      '/goods/getGoodsList?pageNum=1&pageSize=10',
      '/wx/authConfig',
    ]);
  });

  it('writes nothing for a site that does not exist, another page, or an unknown show', async () => {
    const elsewhere = await page('/home/index', { host: 'nosuchsite.example.com' });
    expect(elsewhere.statusCode).toBe(200);
    expect(carried(elsewhere.body)).toBeNull();
    expect(elsewhere.body).not.toContain('rel="preload"');
    const other = await page('/cinema/order');
    expect(other.body).not.toContain('first-screen-answers');
    // An unknown show: the seat map's calls fail and are left out, the brand is still there.
    const seat = carried(
      (await page('/cinema/seat?showId=00000000-0000-4000-8000-000000000000')).body,
    );
    expect(Object.keys(seat!.answers)).toEqual(['/wx/authConfig']);
  });

  it('keeps a film title with </script> inside the JSON, gzipped for a phone that takes it', async () => {
    const title = '</script><script>alert(1)</script>';
    const showing = (await api('/film/list?status=showing', { site: 'www-test' })) as {
      list: { id: string }[];
    };
    const film = showing.list[0]!;
    await database.db.updateTable('films').set({ title }).where('id', '=', film.id).execute();
    const response = await page('/home/index', {
      'accept-language': 'zh-CN',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = zlib.gunzipSync(response.rawPayload).toString();
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    const films = carried(body)!.answers['/film/list?status=showing'] as {
      list: { id: string; title: string }[];
    };
    expect(films.list.find((one) => one.id === film.id)?.title).toBe(title);
  });
});
