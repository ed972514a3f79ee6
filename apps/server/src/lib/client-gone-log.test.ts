import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientGoneLogHooks, isClientGone } from './client-gone-log.js';

/** A server that streams a compressible answer slowly, logging into `lines`. */
async function streamingServer(lines: { level: number; msg: string }[], withHooks: boolean) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream: sink, ...(withHooks ? { hooks: clientGoneLogHooks } : {}) },
  });
  await app.register(compress, { global: true, encodings: ['gzip'] });
  app.get('/slow', (_request, reply) => {
    let sent = 0;
    const body = new Readable({
      read() {
        // A chunk every 20 ms for a second: the client leaves long before the end.
        setTimeout(() => this.push(sent++ < 50 ? 'x'.repeat(4096) : null), 20);
      },
    });
    reply.type('text/plain').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Asks for the slow answer and hangs up once its first bytes arrived. */
function leaveEarly(port: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      { port, host: '127.0.0.1', path: '/slow', headers: { 'accept-encoding': 'gzip' } },
      (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', () => resolve());
    req.end();
  });
}

async function logsOfALeavingClient(withHooks: boolean) {
  const lines: { level: number; msg: string }[] = [];
  const app = await streamingServer(lines, withHooks);
  await leaveEarly((app.server.address() as AddressInfo).port);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await app.close();
  return lines;
}

describe('a client that goes away mid-answer', () => {
  it('is logged at info, saying so, not as an error', async () => {
    const lines = await logsOfALeavingClient(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain(
      'the client went away before the answer was sent',
    );
  });

  it('is an error line without the hooks (what they are for)', async () => {
    const lines = await logsOfALeavingClient(false);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toContain(
      'premature close',
    );
  });

  it('leaves every other error alone', () => {
    expect(isClientGone(new Error('premature close'))).toBe(true);
    expect(
      isClientGone(Object.assign(new Error('x'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })),
    ).toBe(true);
    expect(isClientGone(new Error('connection refused'))).toBe(false);
    expect(isClientGone('premature close')).toBe(false);
  });
});
