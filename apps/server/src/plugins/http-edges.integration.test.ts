import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { holdSeats } from '../modules/payment/payment-test-kit.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../test-support/test-app.js';
import { describeOnEachDatabase } from '../test-support/test-database.js';

/** Send raw bytes to a listening app and read the whole answer (the connection closes). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(text);
  });
}

function envelopeOf(raw: string): { status: number; body: { code: number; msg: string } } {
  const [head, body] = raw.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), body: JSON.parse(body!) };
}

describeOnEachDatabase('the HTTP edges', (kind) => {
  let t: TestApp;
  let webApp: FastifyInstance;
  let webDist: string;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/main.js"></script>',
    );
    webApp = await buildApp({
      database: t.database,
      logLevel: 'silent',
      webDist,
      paymentSweepIntervalMs: null,
      holdSweepIntervalMs: null,
      metricsToken: 'metrics-token-for-tests-0123456789',
    });
    await webApp.listen({ port: 0, host: '127.0.0.1' });
    port = (webApp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await webApp?.close();
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  describe('security headers', () => {
    function expectHardened(headers: Record<string, unknown>) {
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }

    it('hardens API answers, errors included', async () => {
      expectHardened((await call(t.app, { url: '/api/health' })).headers);
      expectHardened((await call(t.app, { url: '/api/no/such/call' })).headers);
    });

    it('hardens the page, and sends no HSTS outside production', async () => {
      const page = await webApp.inject({ method: 'GET', url: '/home/index' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
      expectHardened(page.headers);
      expect(page.headers['strict-transport-security']).toBeUndefined();
    });

    it('hardens the sandbox pages, which carry no script at all', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/sandbox/connect/oauth2/authorize?appid=wx-www-test&redirect_uri=http%3A%2F%2Flocalhost%2F&state=s',
      });
      expectHardened(page.headers);
      expect(page.body).not.toContain('<script');
    });
  });

  describe('requests too large or malformed', () => {
    it('answers headers over 16 KB with 431 in the envelope', async () => {
      const raw = await rawRequest(
        port,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const { status, body } = envelopeOf(raw);
      expect(status).toBe(431);
      expect(body.code).toBe(43101);
      expect(body.msg).toContain('过长');
    });

    it('answers an URL over 16 KB with 431 in the envelope', async () => {
      const raw = await rawRequest(
        port,
        `GET /api/cinema/list?keyword=${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(envelopeOf(raw)).toMatchObject({ status: 431, body: { code: 43101 } });
    });

    it('answers a malformed request line with 400 in the envelope', async () => {
      const raw = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
      expect(envelopeOf(raw)).toMatchObject({ status: 400, body: { code: 40001 } });
    });

    it('answers a path parameter over 128 characters with 414 in the envelope', async () => {
      const answer = await call(t.app, {
        method: 'POST',
        url: `/api/wxpay/notify/${'c'.repeat(300)}`,
        body: {},
      });
      expect(answer.status).toBe(414);
      expect(answer.body.code).toBe(41401);
    });

    it('answers a badly encoded URL with 400 in the envelope', async () => {
      const answer = await call(t.app, {
        method: 'POST',
        url: '/api/wxpay/notify/%E0%A4%A',
        body: {},
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
    });
  });

  describe('metrics', () => {
    const token = 'metrics-token-for-tests-0123456789';

    it('serves Prometheus text to the bearer of the token: requests per route, pool, sweeps', async () => {
      await webApp.inject({ method: 'GET', url: '/api/health' });
      const answer = await webApp.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/plain');
      expect(answer.body).toMatch(
        /marquee_http_requests_total\{method="GET",route="\/api\/health",status="200"\} \d+/,
      );
      expect(answer.body).toContain('marquee_http_request_duration_seconds_bucket');
      expect(answer.body).toContain('marquee_sweep_runs_total');
      expect(answer.body).toContain('marquee_seat_holds_total');
      expect(answer.body).toContain('marquee_payments_total');
      if (kind === 'postgres') {
        expect(answer.body).toMatch(/marquee_db_pool_connections\{state="total"\} [1-9]/);
      }
    });

    it('counts seat holds won, from the hold itself', async () => {
      const scrape = async () =>
        (
          await webApp.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${token}` },
          })
        ).body;
      const wonIn = (text: string) =>
        Number(/marquee_seat_holds_total\{outcome="won"\} (\d+)/.exec(text)?.[1] ?? 0);
      const before = wonIn(await scrape());
      await holdSeats(t, await signIn(t.app, uniqueOpenid()));
      expect(wonIn(await scrape())).toBe(before + 1);
    });

    it('hides itself without the right token: the not-found envelope', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`, token]) {
        const answer = await webApp.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(answer.statusCode, String(authorization)).toBe(404);
        expect(answer.json()).toMatchObject({ code: 40401 });
      }
    });

    it('does not exist without a configured token: the path is the web app', async () => {
      expect((await call(t.app, { url: '/metrics' })).status).toBe(404);
    });
  });
});
