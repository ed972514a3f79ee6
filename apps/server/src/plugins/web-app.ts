import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pathToFileURL } from 'node:url';
import {
  firstScreenPage,
  type BuildManifest,
  type RenderFirstScreen,
} from './first-screen-page.js';
import { acceptsGzip } from './small-gzip.js';

/**
 * Whether a path belongs to the API, the sandbox or the staff console rather than the moviegoers'
 * web app's client routes.
 */
export function isServerPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url === '/api' ||
    url.startsWith('/sandbox/') ||
    url === '/console' ||
    url.startsWith('/console/')
  );
}

/**
 * Cache headers of a built file: hashed assets (under assets/) for a year and immutable, anything
 * else (index.html, the service entry) revalidated every time. Set by us, with @fastify/static's
 * own cacheControl off: it would overwrite them with `max-age=0`.
 */
function setCacheHeaders(
  res: { setHeader(name: string, value: string): unknown },
  filePath: string,
) {
  const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Answers a client route with the app's page; see registerWebApp. */
export type SendWebPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * index.html and the build's manifest, read again when index.html changes (a new build in place).
 */
function builtPageReader(webDist: string) {
  let read: { mtimeMs: number; html: string; manifest: BuildManifest | null } | null = null;
  return () => {
    const indexPath = path.join(webDist, 'index.html');
    const { mtimeMs } = fs.statSync(indexPath);
    if (read?.mtimeMs !== mtimeMs) {
      const manifestPath = path.join(webDist, '.vite', 'manifest.json');
      read = {
        mtimeMs,
        html: fs.readFileSync(indexPath, 'utf8'),
        manifest: fs.existsSync(manifestPath)
          ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BuildManifest)
          : null,
      };
    }
    return read;
  };
}

/**
 * The web app's server render of the landing pages (decision 042), built by `vite build --ssr`
 * beside the app's own build: `<web dist>/../dist-ssr/entry-server.js`. Loaded once, on first use
 * (its chunks import the entry back, so it cannot be loaded a second time beside itself: a new
 * build takes a restart, as the server's own code does); null (the app renders in the browser)
 * when it is not built.
 */
function serverRenderLoader(webDist: string, log: FastifyInstance['log']) {
  const entry = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  let loaded: Promise<RenderFirstScreen | null> | null = null;
  return (): Promise<RenderFirstScreen | null> => {
    loaded ??= fs.existsSync(entry)
      ? (
          import(pathToFileURL(entry).href) as Promise<{ renderFirstScreen: RenderFirstScreen }>
        ).then(
          (module) => module.renderFirstScreen,
          (error: unknown) => {
            log.error({ err: error }, 'web server render not loaded');
            return null;
          },
        )
      : Promise.resolve(null);
    return loaded;
  };
}

/**
 * Serve the built web app: hashed assets cached for a year, index.html never cached, brotli or
 * gzip twins made at build time sent by negotiation (scripts/precompress.mjs), and every client
 * route (/home/index, /cinema/seat, ...) answered with index.html, a landing page's with its first
 * screen written in (first-screen-page.ts), rendered by the app's server render when it is built.
 * Null without a build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
): Promise<SendWebPage | null> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: webDist,
    // Routes for the files the build made; everything else falls to the not-found handler.
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  const readBuiltPage = builtPageReader(webDist);
  const loadServerRender = serverRenderLoader(webDist, app.log);
  return async (request, reply) => {
    const { html, manifest } = readBuiltPage();
    const page = await firstScreenPage(app, request, html, manifest, await loadServerRender());
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // gzip here: the not-found handler that answers client routes is not a route, so the
    // compression hooks (small-gzip.ts, @fastify/compress) never see it.
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(page);
    return reply
      .header('content-encoding', 'gzip')
      .header('vary', 'accept-encoding')
      .send(gzipSync(page));
  };
}

/**
 * Serve the built staff console (apps/console, decision 010) under /console: its hashed assets
 * from its own dist, and its index.html for every client route (/console/staff, ...). A missing
 * asset stays a 404 instead of turning into a page. Nothing here touches the moviegoers' app.
 */
export async function registerConsoleApp(
  app: FastifyInstance,
  consoleDist: string | null,
): Promise<boolean> {
  if (!consoleDist || !fs.existsSync(path.join(consoleDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: path.join(consoleDist, 'assets'),
    prefix: '/console/assets/',
    wildcard: false,
    index: false,
    // The web app's registration owns reply.sendFile; this one only serves its own files.
    decorateReply: false,
    // Every file here is hashed by the build: cached for a year; .br/.gz twins by negotiation.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
  const indexHtml = () => fs.readFileSync(path.join(consoleDist, 'index.html'), 'utf8');
  app.get('/console', (_request, reply) => reply.redirect('/console/'));
  app.get('/console/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/console/assets/') || /\.\w+$/.test(pathname)) {
      return reply.callNotFound();
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml());
  });
  return true;
}
