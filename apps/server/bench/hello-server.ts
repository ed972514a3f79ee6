/**
 * A Fastify hello world in a process of its own: the bench's yardstick for what any Fastify
 * route can answer on this machine at the same moment. Prints `{ "url": ... }` once listening.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })}\n`,
);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
