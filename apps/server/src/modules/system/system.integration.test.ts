import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../app.js';
import { createReadiness } from '../../lib/readiness.js';
import { shutDown } from '../../lib/shutdown.js';
import { describeOnEachDatabase, openTestDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

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
});
