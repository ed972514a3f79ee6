/**
 * Seat-map read benchmark (a script that prints figures, not a test).
 *
 *   npm run bench:seatmap
 *
 * Makes a scratch schema with the demo data on the PostgreSQL server of DATABASE_URL, starts
 * BENCH_INSTANCES (1) servers, each a child process (pool BENCH_POOL, 20), with the load shared
 * out between them, and a Fastify hello world in another process, holds
 * some seats of a 574-seat show so its map is not empty, then drives each read with autocannon
 * (BENCH_CONNECTIONS 100 connections, BENCH_SECONDS 8 each, gzip accepted as phones do):
 * the hello world, the full seat map (`/show/seats`) and its revalidation when it has an ETag
 * (If-None-Match → 304), the first load of the new layout (`/show/layout`), its revalidation and
 * an availability refresh (`/show/availability`). Prints req/s, p50/p99, the ratio to the hello
 * world, the server processes' CPU time per call, and the bytes of each answer: raw JSON and as
 * sent (gzipped when the server does). Calls the server does not have are skipped.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { Envelope } from '@marquee/contracts';
import {
  cpuSeconds,
  fmt,
  scratchSchema,
  site,
  startHelloWorld,
  startServer,
  type BenchServer,
} from './bench-kit.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const poolSize = Number(process.env.BENCH_POOL ?? 20);
const instances = Number(process.env.BENCH_INSTANCES ?? 1);

type SeatMap = { rows: { seats: { id: string; kind: string; x: number }[] }[] };

/** One GET as a phone sends it; the body's bytes on the wire and decoded, status and headers. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; wire: number; etag?: string; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              wire: body.length,
              etag: response.headers.etag,
              body,
            });
          });
        })
        .on('error', reject);
    },
  );
}

/** Load on these URLs at once (one per server process), the connections shared out; summed. */
async function cannon(urls: string[], headers: Record<string, string>) {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: Math.ceil(connections / urls.length),
        duration: seconds,
        headers,
      }),
    ),
  );
  // autocannon counts 304 as "not 2xx"; a revalidation expects it.
  const expected = (result: autocannon.Result) =>
    headers['if-none-match'] ? result['3xx'] : result['2xx'];
  const sum = (of: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + of(result), 0);
  return {
    rps: sum((result) => result.requests.average),
    // The slower process's percentiles.
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    bad: sum((result) => result.requests.total - expected(result)),
    total: sum((result) => result.requests.total),
  };
}

async function main() {
  const scratch = await scratchSchema();
  const hello = await startHelloWorld();
  const servers: BenchServer[] = [];
  try {
    for (let i = 0; i < instances; i += 1) {
      servers.push(await startServer(scratch.schema, { poolSize, signIn: i === 0 ? 40 : 0 }));
    }
    const server = servers[0]!;
    const [show] = await scratch.query<{ id: string }>(
      `select shows.id from shows join halls on halls.id = shows.hall_id
       where halls.name = 'IMAX巨幕厅' and shows.start_at > now() + interval '1 day'
       order by shows.start_at limit 1`,
    );
    const showId = show!.id;
    const api = `${server.url}/api`;
    const map = JSON.parse(
      (await get(`${api}/show/seats?showId=${showId}`, { site })).body.toString(),
    ) as Envelope<SeatMap>;
    // Hold a pair in every other ordinary block start so the map shows held seats.
    const normalRows = map.data.rows.filter((row) => row.seats.every((s) => s.kind === 'normal'));
    let held = 0;
    for (const [index, token] of server.tokens.entries()) {
      const row = normalRows[index % normalRows.length]!;
      const start = 2 * Math.floor(index / normalRows.length) * 2;
      const seatIds = row.seats.slice(start, start + 2).map((seat) => seat.id);
      if (seatIds.length < 2) continue;
      const response = await fetch(`${api}/filmOrder/create`, {
        method: 'POST',
        headers: { site, token, 'content-type': 'application/json' },
        body: JSON.stringify({ showId, seatIds }),
      });
      if (((await response.json()) as Envelope<unknown>).code === 0) held += 2;
    }
    console.log(
      `show ${showId} (574 seats, ${held} held); ${connections} connections, ${seconds} s each, ` +
        `${instances} server process(es), pool ${poolSize} each; hello world in one child process`,
    );

    const gzip = { 'accept-encoding': 'gzip' };
    const layoutProbe = await get(`${api}/show/layout?showId=${showId}`, { site });
    const hasLayout = layoutProbe.status === 200;
    // The same read on every server process (the hello world is one process).
    const onEach = (url: string) => servers.map((each) => url.replace(server.url, each.url));
    const seatsProbe = await get(`${api}/show/seats?showId=${showId}`, { site });
    const reads: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'hello world', url: `${hello.url}/`, headers: gzip },
      { name: 'GET /show/seats', url: `${api}/show/seats?showId=${showId}`, headers: gzip },
    ];
    if (seatsProbe.etag) {
      reads.push({
        name: 'GET /show/seats 304',
        url: `${api}/show/seats?showId=${showId}`,
        headers: { ...gzip, 'if-none-match': seatsProbe.etag },
      });
    }
    if (hasLayout) {
      reads.push(
        { name: 'GET /show/layout', url: `${api}/show/layout?showId=${showId}`, headers: gzip },
        {
          name: 'GET /show/layout 304',
          url: `${api}/show/layout?showId=${showId}`,
          headers: { ...gzip, 'if-none-match': layoutProbe.etag ?? '' },
        },
        {
          name: 'GET /show/availability',
          url: `${api}/show/availability?showId=${showId}`,
          headers: gzip,
        },
      );
    } else {
      console.log('(no /show/layout on this server: the new calls are skipped)');
    }

    // BENCH_ONLY=seats runs the hello world and the reads whose name contains it.
    const only = process.env.BENCH_ONLY;
    const chosen = reads.filter(
      (read) => !only || read.name === 'hello world' || read.name.includes(only),
    );
    let helloRps = 0;
    console.log(
      'read                       req/s    ratio   p50 ms  p99 ms  CPU ms/call  client ms   raw bytes  sent bytes',
    );
    for (const read of chosen) {
      const headers = { site, ...read.headers };
      const raw = await get(read.url, {
        site,
        ...(read.headers['if-none-match'] ? read.headers : {}),
      });
      const sent = await get(read.url, headers);
      const pids = read.name === 'hello world' ? [hello.pid] : servers.map((each) => each.pid);
      const cpuBefore = cpuSeconds(pids);
      const clientBefore = process.cpuUsage();
      const figures = await cannon(
        read.name === 'hello world' ? [read.url] : onEach(read.url),
        headers,
      );
      const cpuAfter = cpuSeconds(pids);
      const client = process.cpuUsage(clientBefore);
      const cpu = pids.reduce(
        (total, pid) => total + (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0),
        0,
      );
      if (read.name === 'hello world') helloRps = figures.rps;
      const gz = raw.body.length === 0 ? 0 : gzipSync(raw.body).length;
      console.log(
        `${read.name.padEnd(24)} ${fmt(figures.rps).padStart(7)}  ${fmt(figures.rps / helloRps, 3).padStart(6)}×` +
          `  ${fmt(figures.p50).padStart(6)}  ${fmt(figures.p99).padStart(6)}` +
          `  ${fmt((cpu * 1000) / Math.max(1, figures.total), 3).padStart(11)}` +
          `  ${fmt((client.user + client.system) / 1000 / Math.max(1, figures.total), 3).padStart(10)}` +
          `  ${fmt(raw.wire).padStart(10)}` +
          `  ${fmt(sent.wire).padStart(10)} (gzip would be ${fmt(gz)})` +
          (figures.bad > 0 ? `  ${figures.bad} of ${figures.total} unexpected answers` : ''),
      );
    }
  } finally {
    for (const server of servers) await server.stop();
    await hello.stop();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
