/**
 * The moviegoer app as a phone on 4G sees it (a benchmark that prints figures, not a test).
 *
 *   npm run bench:web
 *
 * Installs Debian's Chromium when it is missing (scripts/ensure-chromium.sh), builds everything
 * (BENCH_NO_BUILD=1 skips it), starts the product on a fresh embedded database
 * with the demo data and the messenger sandbox (as the e2e tests do; WEB_DIST serves another
 * build, e.g. an older one to compare), makes a user through the sandbox's scripted sign-in and
 * opens each page with `?setToken=`. Then:
 * - Lighthouse (mobile preset: simulated 4× CPU, 1.6 Mbps, 150 ms RTT) in Debian's Chromium on
 *   /home/index, /cinema/seat (a show in the 574-seat hall) and /store/product/list, BENCH_RUNS (3)
 *   cold runs (cache and storage cleared) and as many warm ones (after one unmeasured warm-up);
 * - in the 574-seat hall with the CPU slowed 4×: 10 seat taps (from the finger to the frame that
 *   shows the new state) and the frame intervals of a one-finger pan and a two-finger pinch.
 * Prints medians (and the range of the runs); the machine may be shared, so read medians. The
 * server and Chromium it starts are stopped when it ends, fails or is interrupted.
 *
 * BENCH_DUMP=dir writes each Lighthouse report there (home-cold-1.json, ...); `npx tsx
 * apps/web/bench/critical-path.ts dir/home-cold-1.json` prints what its LCP waited for.
 * BENCH_COLD_ONLY=1 runs only the cold Lighthouse runs (no warm runs, no seat-map timing);
 * BENCH_PAGES=home,store only those pages (home, seat, store). With BENCH_DUMP each run's trace
 * is written too (home-cold-1.artifacts.json): `npx tsx apps/web/bench/lantern-lcp.ts` on it
 * prints the requests and tasks Lighthouse's simulation counted in its LCP, with their times.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../e2e/support/chromium';
import { createUser } from '../e2e/support/login';
import { startServer } from '../e2e/support/server';
import { lighthouseRun, startChromium, type PageFigures } from './lighthouse-run';
import { measureSeatMap } from './seat-map-timing';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const dumpDir = process.env.BENCH_DUMP ? path.resolve(process.env.BENCH_DUMP) : null;
const coldOnly = process.env.BENCH_COLD_ONLY === '1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function api<T>(baseUrl: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${pathAndQuery}`, { headers: { site: 'www-test' } });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${pathAndQuery}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A show in the demo's largest hall (574 seats), on the last day shows are on sale. */
async function largeHallShow(baseUrl: string): Promise<string> {
  const cinemas = await api<{ list: { id: string }[] }>(baseUrl, '/cinema/list?pageSize=50');
  for (const cinema of cinemas.list) {
    const detail = await api<{ showDates: string[] }>(
      baseUrl,
      `/cinema/detail?cinemaId=${cinema.id}`,
    );
    const date = detail.showDates[detail.showDates.length - 1];
    const day = await api<{ films: { shows: { showId: string }[] }[] }>(
      baseUrl,
      `/cinema/shows?cinemaId=${cinema.id}&date=${date}`,
    );
    for (const { showId } of day.films.flatMap((film) => film.shows)) {
      const map = await api<{ rows: { seats: unknown[] }[] }>(
        baseUrl,
        `/show/seats?showId=${showId}`,
      );
      if (map.rows.flatMap((row) => row.seats).length >= 500) return showId;
    }
  }
  throw new Error('no show in a hall of 500 seats or more');
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (values: number[], show: (value: number) => string) =>
  `${show(median(values))} (${show(Math.min(...values))}–${show(Math.max(...values))})`;

function row(page: string, mode: string, figures: PageFigures[]) {
  const pick = (key: keyof PageFigures) => figures.map((one) => one[key]);
  return [
    page,
    mode,
    range(pick('lcpMs'), seconds),
    range(pick('fcpMs'), seconds),
    range(pick('tbtMs'), (ms) => `${Math.round(ms)} ms`),
    median(pick('cls')).toFixed(3),
    `${Math.round(median(pick('bytes')) / 1024)} KiB`,
  ];
}

function printTable(header: string[], rows: string[][]) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
}

/** What this run started, stopped in reverse order at the end, on an error or on Ctrl-C. */
const started: (() => Promise<void>)[] = [];
async function stopAll() {
  for (const stop of started.splice(0).reverse()) {
    await stop().catch((error: unknown) => console.error('not stopped cleanly', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the server and Chromium this benchmark started`);
    void stopAll().finally(() => process.exit(130));
  });
}

async function main() {
  // Debian's Chromium, installed on a machine that does not have it yet (as the e2e tests do).
  if (!fs.existsSync(chromiumPath)) {
    if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH ${chromiumPath} does not exist`);
    execSync('bash scripts/ensure-chromium.sh', { cwd: repoRoot, stdio: 'inherit' });
  }
  if (process.env.BENCH_NO_BUILD !== '1') {
    execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
  }
  try {
    const server = await startServer(
      process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {},
    );
    started.push(() => server.stop());
    const chromium = await startChromium();
    started.push(() => chromium.stop());
    const { token } = await createUser(server.baseUrl);
    const showId = await largeHallShow(server.baseUrl);
    const pages: [string, string, string][] = [
      ['/home/index', '/home/index', 'home'],
      ['/cinema/seat (574 seats)', `/cinema/seat?showId=${showId}`, 'seat'],
      ['/store/product/list', '/store/product/list', 'store'],
    ];
    const url = (pathAndQuery: string) =>
      `${server.baseUrl}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}setToken=${encodeURIComponent(token)}`;

    const rows: string[][] = [];
    const dump = (slug: string, mode: string, run: number) =>
      dumpDir ? path.join(dumpDir, `${slug}-${mode}-${run + 1}.json`) : undefined;
    const only = process.env.BENCH_PAGES?.split(',');
    for (const [name, pathAndQuery, slug] of pages) {
      if (only && !only.includes(slug)) continue;
      const cold: PageFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        cold.push(
          await lighthouseRun(url(pathAndQuery), chromium.port, 'cold', dump(slug, 'cold', run)),
        );
      }
      if (coldOnly) {
        rows.push(row(name, 'cold', cold));
        console.error(`lighthouse: ${name} done`);
        continue;
      }
      await lighthouseRun(url(pathAndQuery), chromium.port, 'warm');
      const warm: PageFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        warm.push(
          await lighthouseRun(url(pathAndQuery), chromium.port, 'warm', dump(slug, 'warm', run)),
        );
      }
      rows.push(row(name, 'cold', cold), row(name, 'warm', warm));
      console.error(`lighthouse: ${name} done`);
    }

    if (coldOnly) {
      console.log(`\nLighthouse ${runs} cold runs per page, mobile preset; median (range)\n`);
      printTable(['page', 'cache', 'LCP', 'FCP', 'TBT', 'CLS', 'bytes'], rows);
      return;
    }
    const seatMap = await measureSeatMap(url(`/cinema/seat?showId=${showId}`));
    const frames = (values: number[]) =>
      `median ${median(values).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, ` +
      `max ${Math.max(...values).toFixed(1)} ms over ${values.length} frames`;

    console.log(`\nLighthouse ${runs}+${runs} runs per page, mobile preset; median (range)\n`);
    printTable(['page', 'cache', 'LCP', 'FCP', 'TBT', 'CLS', 'bytes'], rows);
    console.log('\n574-seat hall, CPU slowed 4×');
    console.log(
      `  seat tap → new state painted: median ${median(seatMap.tapMs).toFixed(0)} ms ` +
        `(${seatMap.tapMs.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(`  pan frames:   ${frames(seatMap.panFrameMs)}`);
    console.log(`  pinch frames: ${frames(seatMap.pinchFrameMs)}`);
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
