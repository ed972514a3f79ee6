import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { DatabaseHandle } from '../db/client.js';
import { describeOnEachDatabase, openTestDatabase } from '../test-support/test-database.js';

const webFavicon = fileURLToPath(new URL('../../../web/public/favicon.ico', import.meta.url));

/** Two tiny builds on disk: the moviegoers' app and the staff console. */
function fakeBuilds() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-dists-'));
  const web = path.join(root, 'web');
  const console = path.join(root, 'console');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(console, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<title>web app</title>');
  fs.writeFileSync(path.join(web, 'assets', 'web-1.js'), 'web();');
  fs.writeFileSync(path.join(console, 'index.html'), '<title>console app</title>');
  fs.writeFileSync(path.join(console, 'assets', 'console-1.js'), 'console();');
  // The web app's own icon, which its build copies to the root (apps/web/public).
  fs.copyFileSync(webFavicon, path.join(web, 'favicon.ico'));
  // What scripts/precompress.mjs leaves beside a file worth compressing.
  const big = `export const text = "${'影'.repeat(2000)}";`;
  fs.writeFileSync(path.join(web, 'assets', 'big-1.js'), big);
  fs.writeFileSync(path.join(web, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(web, 'assets', 'big-1.js.gz'), zlib.gzipSync(big));
  return { root, web, console, big };
}

describeOnEachDatabase('serving the web app and the console', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dists: ReturnType<typeof fakeBuilds>;
  beforeAll(async () => {
    dists = fakeBuilds();
    database = await openTestDatabase(kind);
    app = await buildApp({
      database,
      logLevel: 'silent',
      webDist: dists.web,
      consoleDist: dists.console,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dists.root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it("answers the console's index.html for its client routes, never cached", async () => {
    for (const url of ['/console/', '/console/sign-in', '/console/staff?x=1']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('console app');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const bare = await get('/console');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/console/');
  });

  it("serves the console's assets for a year and a missing one as 404", async () => {
    const asset = await get('/console/assets/console-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console();');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/console/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/console/favicon.ico')).statusCode).toBe(404);
  });

  it("leaves the moviegoers' app as it was", async () => {
    const page = await get('/home/index');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('web app');
    expect((await get('/assets/web-1.js')).body).toBe('web();');
    // The console's files are not reachable outside /console.
    expect((await get('/assets/console-1.js')).statusCode).toBe(404);
  });

  it('serves the favicon.ico browsers ask every site for (no 404 in every page load)', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect(icon.rawPayload.equals(fs.readFileSync(webFavicon))).toBe(true);
  });

  it('sends hashed assets for a year, and index.html never cached', async () => {
    const asset = await get('/assets/web-1.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/cinema/seat');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli or gzip twin made at build time to a browser that takes it', async () => {
    const ask = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/big-1.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(dists.big);
    expect(br.rawPayload.length).toBeLessThan(dists.big.length / 5);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(dists.big);
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dists.big);
  });
});
