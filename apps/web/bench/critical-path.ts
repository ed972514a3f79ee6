/**
 * What a page's first paints waited for, from a Lighthouse report that `npm run bench:web` wrote
 * with BENCH_DUMP=dir:
 *
 *   npx tsx apps/web/bench/critical-path.ts dir/home-cold-1.json
 *
 * Prints the LCP element and its phases, the requests in the order they started (simulated
 * times are Lighthouse's estimate; start/end here are the observed ones, unthrottled), the
 * render-blocking resources, the critical request chains, the long tasks and the main thread's
 * work by kind and by script.
 */
import fs from 'node:fs';

interface Audit {
  numericValue?: number;
  displayValue?: string;
  details?: {
    type?: string;
    items?: Record<string, unknown>[];
    chains?: Record<string, Chain>;
    longestChain?: { duration: number; length: number; transferSize: number };
  };
}
interface Chain {
  request: { url: string; startTime: number; endTime: number; transferSize: number };
  children?: Record<string, Chain>;
}

const file = process.argv[2];
if (!file) throw new Error('usage: critical-path.ts <lighthouse report.json>');
const lhr = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  finalDisplayedUrl: string;
  audits: Record<string, Audit>;
};
const audits = lhr.audits;
const ms = (value: unknown) => (typeof value === 'number' ? `${Math.round(value)} ms` : '-');
const short = (url: unknown) =>
  typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90) : String(url);
const items = (id: string) => audits[id]?.details?.items ?? [];

console.log(lhr.finalDisplayedUrl);
for (const id of [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'server-response-time',
]) {
  console.log(`  ${id}: ${audits[id]?.displayValue ?? '-'} (${ms(audits[id]?.numericValue)})`);
}
const observed = items('metrics')[0] ?? {};
console.log(
  `  observed (unthrottled): FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(
    observed.observedLargestContentfulPaint,
  )}, load ${ms(observed.observedLoad)}`,
);

console.log('\nLCP element and phases:');
const lcpElement = audits['largest-contentful-paint-element']?.details as
  { items?: { items?: Record<string, unknown>[] }[] } | undefined;
for (const table of lcpElement?.items ?? []) {
  for (const item of table.items ?? []) {
    const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
    if (node) console.log(`  element: ${node.snippet} "${node.nodeLabel ?? ''}"`);
    else console.log(`  ${String(item.phase)}: ${ms(item.timing)}`);
  }
}

console.log('\nRequests (observed start → end, transfer, priority):');
for (const request of items('network-requests')) {
  console.log(
    `  ${ms(request.networkRequestTime).padStart(8)} → ${ms(request.networkEndTime).padStart(
      8,
    )}  ${String(Math.round(Number(request.transferSize) / 102.4) / 10).padStart(6)} KB  ${String(
      request.priority,
    ).padEnd(8)} ${short(request.url)}`,
  );
}

console.log('\nRender-blocking:');
for (const item of items('render-blocking-resources')) {
  console.log(`  ${short(item.url)} wasted ${ms(item.wastedMs)}`);
}

console.log('\nCritical request chains:');
function printChain(chain: Chain, depth: number) {
  const { request } = chain;
  console.log(
    `  ${'  '.repeat(depth)}${short(request.url)} ${Math.round(
      (request.endTime - request.startTime) * 1000,
    )} ms, ${Math.round(request.transferSize / 102.4) / 10} KB`,
  );
  for (const child of Object.values(chain.children ?? {})) printChain(child, depth + 1);
}
for (const chain of Object.values(audits['critical-request-chains']?.details?.chains ?? {})) {
  printChain(chain, 0);
}
const longest = audits['critical-request-chains']?.details?.longestChain;
if (longest) console.log(`  longest: ${longest.length} requests, ${ms(longest.duration)}`);

console.log('\nLong tasks (simulated):');
for (const task of items('long-tasks')) {
  console.log(`  at ${ms(task.startTime)} for ${ms(task.duration)}: ${short(task.url)}`);
}

console.log('\nMain thread by kind:');
for (const item of items('mainthread-work-breakdown')) {
  console.log(`  ${String(item.groupLabel).padEnd(28)} ${ms(item.duration)}`);
}
console.log('\nScripts (bootup-time):');
for (const item of items('bootup-time')) {
  console.log(
    `  ${ms(item.total).padStart(8)} (scripting ${ms(item.scripting)}, parse ${ms(
      item.scriptParseCompile,
    )}) ${short(item.url)}`,
  );
}
