import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
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
