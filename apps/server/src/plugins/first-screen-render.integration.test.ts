import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { loadDemoDataOnce } from '../db/demo-data.js';
import { describeOnEachDatabase, openTestDatabase } from '../test-support/test-database.js';
import { noBackgroundWork } from '../test-support/test-app.js';

const spinner = '<div class="centered" aria-hidden="true"><span class="spinner"></span></div>';

/**
 * A web build with its server render beside it (dist/ and dist-ssr/, as `npm run build` makes
 * them): the render writes which answers it was handed, and fails or declines when told to.
 */
function fakeBuildWithServerRender() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-server-render-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><title></title></head><body>' +
      `<div id="root">\n  <!--first-screen-->\n  ${spinner}\n  <!--/first-screen-->\n</div></body></html>`,
  );
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'src/app/routes/home-index.tsx': { file: 'assets/home-index-1.js', css: ['assets/home.css'] },
    }),
  );
  fs.writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function renderFirstScreen({ url, answers }) {
      if (url.includes('fail')) throw new Error('render failed');
      if (url.includes('decline')) return null;
      const keys = Object.keys(answers.answers).sort().join(',');
      return { html: '<main data-url="' + url + '">' + keys + ' $& $1</main>', title: 'Home <&> ' + answers.lang };
    }`,
  );
  return { root, dist };
}

describeOnEachDatabase('the first screen rendered on the server', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let build: ReturnType<typeof fakeBuildWithServerRender>;
  beforeAll(async () => {
    build = fakeBuildWithServerRender();
    database = await openTestDatabase(kind);
    await loadDemoDataOnce(database.db);
    app = await buildApp({
      database,
      logLevel: 'silent',
      webDist: build.dist,
      ...noBackgroundWork,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(build.root, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'localhost:8080', ...headers } });
  const root = (body: string) => /<div id="root"[^>]*>([\s\S]*)<\/div><\/body>/.exec(body)![1]!;

  it('renders a landing page for a browser that holds a token or is handed one', async () => {
    for (const [url, headers] of [
      ['/home/index?setToken=t1', {}],
      ['/home/index', { cookie: 'a=1; movie.token=t2' }],
    ] as const) {
      const response = await page(url, { 'accept-language': 'zh-CN', ...headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The answers it was handed are the ones the page carries; `$&` is written as it is.
      expect(root(response.body)).toBe(
        `<main data-url="${url}">/film/list?status=showing,/wx/authConfig $& $1</main>`,
      );
      expect(response.body).toContain('<div id="root" data-rendered-lang="zh">');
      expect(response.body).toContain('<title>Home &lt;&amp;&gt; zh</title>');
      expect(response.body).toContain('id="first-screen-answers"');
      // The page's own styles block its paint, so the rendered screen never shows unstyled.
      expect(response.body).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/home.css">',
      );
    }
  });

  it('renders in the reader language, and marks the page with it', async () => {
    const response = await page('/home/index?setToken=t', { 'accept-language': 'en-US,en' });
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<div id="root" data-rendered-lang="en">');
    expect(response.body).toContain('<title>Home &lt;&amp;&gt; en</title>');
  });

  it('keeps the spinner without a token, on other pages, and when the render declines or fails', async () => {
    for (const url of [
      '/home/index',
      '/home/index?setToken=',
      '/cinema/order?showId=1&setToken=t',
      '/home/index?decline=1&setToken=t',
      '/home/index?fail=1&setToken=t',
    ]) {
      const response = await page(url, { cookie: 'movie.token=' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(spinner);
      expect(response.body).not.toContain('data-rendered-lang');
      expect(response.body).toContain('<title></title>');
      expect(response.body).not.toContain('rel="stylesheet"');
    }
    // Without a render the answers are still carried, as before.
    expect((await page('/home/index')).body).toContain('id="first-screen-answers"');
  });
});
