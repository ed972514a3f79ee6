import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Whether a path belongs to the API or the sandbox rather than the web app's client routes. */
export function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/sandbox/');
}

/**
 * Serve the built web app: hashed assets cached for a year, index.html never cached, and every
 * client route (/home/index, /cinema/seat, ...) answered with index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
): Promise<boolean> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // Routes for the files the build made; everything else falls to the not-found handler.
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
