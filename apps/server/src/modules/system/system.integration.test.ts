import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../app.js';
import { createReadiness } from '../../lib/readiness.js';
import { shutDown } from '../../lib/shutdown.js';
import { describeOnEachDatabase, openTestDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

/** A kept-alive HTTP/1.1 connection spoken to in raw bytes, answers read one at a time. */
function keptAlive(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let isEnded = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((waiter) => waiter());
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('end', () => {
    isEnded = true;
    wake();
  });
  socket.on('close', () => {
    isEnded = true;
    wake();
  });
  socket.on('error', () => {});
  /** The next whole answer (Content-Length framed), or null once the server closed. */
  async function answer(): Promise<{
    status: number;
    headers: Record<string, string>;
    body: { code: number; data: Record<string, unknown> };
  } | null> {
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = buffer.subarray(0, end).toString().split('\r\n');
        const headers = Object.fromEntries(
          head.slice(1).map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.subarray(end + 4, end + 4 + length).toString();
          buffer = buffer.subarray(end + 4 + length);
          return { status: Number(head[0]!.split(' ')[1]), headers, body: JSON.parse(body) };
        }
      }
      if (isEnded) return null;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return {
    connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    write: (text: string) => socket.write(text),
    answer,
    /** Resolves once the server has closed the connection. */
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
    destroy: () => socket.destroy(),
  };
}

const GET_LIVE = 'GET /api/health/live HTTP/1.1\r\nHost: marquee.test\r\n';

describeOnEachDatabase('health', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers ok and names the database it runs on', async () => {
    const { status, body } = await call(t.app, { url: '/api/health' });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ status: 'ok', database: kind });
  });

  it('answers without a site header', async () => {
    const { status, body } = await call(t.app, { url: '/api/health', site: null });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'ok', database: kind });
  });

  it('reports the time of its clock', async () => {
    t.clock.advance(3600);
    const { body } = await call<{ time: string }>(t.app, { url: '/api/health' });
    expect(body.data.time).toBe(t.clock.now().toISOString());
  });
});

describeOnEachDatabase('liveness, readiness and shutdown', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const build = (options: Partial<AppOptions> = {}) =>
    buildApp({
      database: t.database,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      ...options,
    });

  it('is live and ready once started, without a site header', async () => {
    const live = await call(t.app, { url: '/api/health/live', site: null });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ code: 0, data: { status: 'live' } });
    const ready = await call(t.app, { url: '/api/health/ready', site: null });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ code: 0, data: { status: 'ready' } });
  });

  it('is not ready while starting, then ready, then not while draining; live throughout', async () => {
    const readiness = createReadiness();
    const app = await build({ readiness });
    try {
      const ready = () => call(app, { url: '/api/health/ready' });
      const starting = await ready();
      expect(starting.status).toBe(503);
      expect(starting.body).toMatchObject({ code: 50301, data: { reason: 'starting' } });
      readiness.markReady();
      expect((await ready()).status).toBe(200);
      readiness.markDraining();
      const draining = await ready();
      expect(draining.status).toBe(503);
      expect(draining.body.data.reason).toBe('draining');
      expect((await call(app, { url: '/api/health/live' })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is not ready while its database does not answer, and live all the same', async () => {
    const database = await openTestDatabase(kind);
    const app = await buildApp({
      database,
      logLevel: 'silent',
      webDist: null,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
    });
    try {
      await app.ready();
      await database.close();
      const answer = await call(app, { url: '/api/health/ready' });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 50301, data: { reason: 'database' } });
      expect((await call(app, { url: '/api/health/live' })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('on shutdown fails readiness, finishes a request in flight, refuses new connections, then closes the pool', async () => {
    const readiness = createReadiness();
    const app = await build({ readiness, holdSweepIntervalMs: 60_000 });
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((started) => {
      // A slow call, added for the test: it holds its request open until released.
      app.get('/test/slow', async () => {
        started();
        await new Promise<void>((release) => (releaseSlow = release));
        return { code: 0, msg: 'ok', data: 'finished' };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    readiness.markReady();
    const { port } = app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { data: string },
    }));
    await slowStarted;

    let databaseClosed = false;
    const done = shutDown({
      app,
      readiness,
      closeDatabase: async () => {
        databaseClosed = true;
      },
      drainMs: 50,
    });
    expect(readiness.state).toBe('draining');
    // Draining: still accepting for a moment, but not ready.
    const drainingReady = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(drainingReady.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(fetch(`http://127.0.0.1:${port}/api/health/live`)).rejects.toThrow();
    expect(databaseClosed).toBe(false);

    releaseSlow();
    expect(await inFlight).toEqual({
      status: 200,
      body: expect.objectContaining({ data: 'finished' }),
    });
    expect(await done).toBe(true);
    expect(databaseClosed).toBe(true);
  });
  it('answers in the envelope while shutting down and closes kept-alive connections politely', async () => {
    const readiness = createReadiness();
    const app = await build({ readiness });
    let releaseSlow!: () => void;
    const slowStarted = new Promise<void>((started) => {
      app.get('/test/slow', async () => {
        started();
        await new Promise<void>((release) => (releaseSlow = release));
        return { code: 0, msg: 'ok', data: 'finished' };
      });
    });
    // Closing takes a moment (plugins' own preClose work): held here until the test lets go.
    let letCloseGo!: () => void;
    const closing = new Promise<void>((reached) => {
      app.addHook('preClose', async () => {
        reached();
        await new Promise<void>((go) => (letCloseGo = go));
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    readiness.markReady();
    const { port } = app.server.address() as AddressInfo;
    const sockets: ReturnType<typeof keptAlive>[] = [];
    try {
      // Before the signal: connections stay open between answers.
      const busy = keptAlive(port);
      const quiet = keptAlive(port);
      sockets.push(busy, quiet);
      for (const socket of [busy, quiet]) {
        socket.write(`${GET_LIVE}\r\n`);
        const answer = (await socket.answer())!;
        expect(answer.status).toBe(200);
        expect(answer.headers.connection).toBe('keep-alive');
      }
      // A request in flight keeps the close waiting.
      const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`);
      await slowStarted;

      const done = shutDown({ app, readiness, closeDatabase: async () => {}, drainMs: 300 });
      // Draining: still served, but the answer says the connection ends, and it does.
      busy.write(`${GET_LIVE}\r\n`);
      const draining = (await busy.answer())!;
      expect(draining.status).toBe(200);
      expect(draining.headers.connection).toBe('close');
      await busy.closed;

      // Closing: a request on a connection kept alive from before is refused in the envelope.
      await closing;
      quiet.write(`${GET_LIVE}\r\n`);
      const refused = (await quiet.answer())!;
      expect(refused.status).toBe(503);
      expect(refused.headers.connection).toBe('close');
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toMatchObject({
        code: 50301,
        data: { reason: 'shuttingDown', retryAfterSeconds: 1 },
      });
      expect(typeof refused.body.data.requestId).toBe('string');
      expect(refused.body.data.requestId).toBe(refused.headers['x-request-id']);
      await quiet.closed;

      letCloseGo();
      releaseSlow();
      expect((await inFlight).status).toBe(200);
      expect(await done).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      letCloseGo?.();
      releaseSlow?.();
      await app.close();
    }
  });
});
