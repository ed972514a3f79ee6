import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SeatChangeEvent } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findShowWithLayout } from '../cinema/index.js';
import type { SeatChangeFeed } from './seat-change-feed.js';
import type { SharedReads } from './shared-reads.js';

export interface SeatStreamLimits {
  /** Open streams of one show in this process; more are refused (429, clients poll instead). */
  perShow: number;
  /** Open streams in this process. */
  total: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

export const defaultSeatStreamLimits: SeatStreamLimits = {
  perShow: 5_000,
  total: 20_000,
  heartbeatMs: 15_000,
};

const streamQuery = z.object({
  showId: z.string().trim().min(1).max(64),
  // EventSource cannot send headers: the site may come as a query parameter.
  site: z.string().trim().min(1).max(64).optional(),
});

/**
 * `GET /api/show/availability/stream?showId=[&site=]`: Server-Sent Events of one show's seat
 * changes. `event: ready` once subscribed (`{ showId, version }`), then `event: seats` per change
 * (SeatChangeEvent, `id:` its version); `: ping` comments in between.
 */
export function registerSeatStream(
  app: FastifyInstance,
  deps: AppDeps,
  feed: SeatChangeFeed,
  sharedReads: SharedReads,
  limits: SeatStreamLimits,
): void {
  app.route({
    method: 'GET',
    url: '/api/show/availability/stream',
    config: {
      rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' },
      compress: false,
    },
    handler: async (request, reply) => {
      const parsed = streamQuery.safeParse(request.query ?? {});
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', { fields: ['query.showId'] });
      }
      const siteHeader = request.headers.site;
      const site = await deps.sites.resolve(
        (typeof siteHeader === 'string' ? siteHeader : undefined) ?? parsed.data.site,
      );
      const layout = await findShowWithLayout(deps.db, site.id, parsed.data.showId);
      if (!layout) throw notFound('Show', '场次');
      const showId = layout.show.id;
      if (feed.countOf(showId) >= limits.perShow || feed.count() >= limits.total) {
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: 30 });
      }
      const labelOf = new Map(layout.seats.map((seat) => [seat.id, seat.label]));

      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      out.write('retry: 3000\n\n');

      let isOpen = true;
      let heartbeat: NodeJS.Timeout | undefined;
      let unsubscribe = () => {};
      const end = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
        out.end();
      };
      request.raw.once('close', end);
      out.once('close', end);
      try {
        unsubscribe = await feed.subscribe(showId, {
          onChange(change) {
            if (!isOpen) return;
            const event: SeatChangeEvent = {
              showId,
              version: change.version,
              changes: change.seats
                ? change.seats.map(({ seatId, state }) => ({
                    id: seatId,
                    label: labelOf.get(seatId) ?? '',
                    state: state === 'released' ? 'available' : state,
                  }))
                : null,
            };
            out.write(`id: ${change.version}\nevent: seats\ndata: ${JSON.stringify(event)}\n\n`);
          },
          onEnd: end,
        });
        if (!isOpen) return unsubscribe();
        const taken = await sharedReads(showId, deps.clock.now());
        if (!isOpen) return;
        out.write(`event: ready\ndata: ${JSON.stringify({ showId, version: taken.version })}\n\n`);
        heartbeat = setInterval(() => out.write(': ping\n\n'), limits.heartbeatMs);
        heartbeat.unref();
      } catch (error) {
        request.log.error({ err: error }, 'seat stream failed');
        end();
      }
    },
  });
}
