import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { metrics } from '../lib/metrics.js';
import { sendError } from './error-handler.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Request rate and latency per route for every answer, and GET /metrics in Prometheus's text
 * format for whoever holds METRICS_TOKEN (`Authorization: Bearer <token>`). Without a token
 * configured there is no /metrics at all (the path is the web app's); with one, a wrong or missing
 * bearer gets the same 404 as an unknown path, so the endpoint does not show itself.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string | undefined }) {
  // A callback, not an async function: no promise per request (the seat-map reads are hot).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const token = options.token;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      return sendError(request, reply, 'NOT_FOUND', { what: '/metrics', whatEn: '/metrics' });
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
