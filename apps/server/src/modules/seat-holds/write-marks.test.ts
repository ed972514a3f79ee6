import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWriteMarks } from './write-marks.js';

describe('write marks', () => {
  it('counts the answers of calls that may write, and not those of reads', async () => {
    const app = Fastify();
    const writes = registerWriteMarks(app);
    app.get('/read', async () => ({ ok: true }));
    app.post('/write', async () => ({ ok: true }));
    app.route({ method: ['GET', 'POST'], url: '/both', handler: async () => ({ ok: true }) });
    app.post('/refused', async () => {
      throw new Error('no');
    });
    await app.ready();
    try {
      for (let i = 0; i < 3; i += 1) await app.inject({ url: '/read' });
      await app.inject({ url: '/both' });
      expect(writes.count()).toBe(0);
      await app.inject({ method: 'POST', url: '/write' });
      await app.inject({ method: 'POST', url: '/both' });
      // A failed write may have committed something before it failed: it counts too.
      await app.inject({ method: 'POST', url: '/refused' });
      expect(writes.count()).toBe(3);
      // Not an answer of ours: no route, nothing written.
      await app.inject({ method: 'POST', url: '/nowhere' });
      expect(writes.count()).toBe(3);
    } finally {
      await app.close();
    }
  });
});
