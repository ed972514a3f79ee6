/**
 * How Lighthouse's simulation (Lantern) reached a run's LCP, from the artifacts `npm run bench:web`
 * writes beside each report with BENCH_DUMP=dir:
 *
 *   npx tsx apps/web/bench/lantern-lcp.ts dir/home-cold-1.artifacts.json
 *
 * Lighthouse's mobile LCP is not the paint it saw: it is half the "optimistic" and half the
 * "pessimistic" simulation of the nodes (requests and main-thread tasks) that it takes the paint
 * to have needed, at 1.6 Mbps, 150 ms RTT, 6 connections per origin and the CPU 4× slower. Which
 * nodes those are: every request that ended before the observed LCP (the optimistic graph leaves
 * out low-priority images), the tasks that ran those scripts, the first layout and paint (the
 * pessimistic graph every layout), and everything those depend on. The estimate is the latest end
 * among them, so a request that is not on the screen's path still counts if it finished before
 * the paint. This prints each graph's nodes by simulated end, what took longest and the totals.
 */
import fs from 'node:fs';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

interface Timing {
  startTime: number;
  endTime: number;
}
interface LanternNode {
  type: 'network' | 'cpu';
  id: string;
  startTime: number;
  endTime: number;
  request?: {
    url: string;
    transferSize: number;
    priority: string;
    resourceType?: string;
    initiator?: { type: string };
  };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, Timing>;
}

const file = process.argv[2];
if (!file) throw new Error('usage: lantern-lcp.ts <run>.artifacts.json');
const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  Trace: unknown;
  DevtoolsLog: unknown;
  GatherContext: unknown;
  URL: unknown;
  settings: unknown;
};
const result = (await LanternLargestContentfulPaint.request(
  {
    trace: saved.Trace,
    devtoolsLog: saved.DevtoolsLog,
    gatherContext: saved.GatherContext,
    URL: saved.URL,
    settings: saved.settings,
    simulator: null,
    SourceMaps: [],
  } as never,
  { computedCache: new Map() } as never,
)) as unknown as {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
};

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70);
function describe(node: LanternNode): string {
  if (node.type === 'network' && node.request) {
    const { request } = node;
    return `${(request.resourceType ?? '').padEnd(10)} ${String(request.priority).padEnd(8)} ${(
      request.transferSize / 1024
    )
      .toFixed(1)
      .padStart(5)} KB  ${short(request.url)}`;
  }
  const events = node.childEvents ?? [];
  const scripts = [
    ...new Set(
      events
        .filter((event) => event.args?.data?.url)
        .map((event) => short(event.args!.data!.url!).replace(/^\/assets\//, '')),
    ),
  ].slice(0, 3);
  const kinds = [
    ...new Set(
      events
        .map((event) => event.name)
        .filter((name) =>
          /^(EvaluateScript|v8\.evaluateModule|FunctionCall|Layout|Paint|ParseHTML|ParseAuthorStyleSheet|UpdateLayoutTree|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|XHRReadyStateChange|ResourceReceiveResponse)$/.test(
            name,
          ),
        ),
    ),
  ];
  return `CPU ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms observed: ${kinds.join(
    ',',
  )} ${scripts.join(' ')}`;
}

function print(label: string, estimate: Estimate) {
  console.log(`\n${label}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  let cpu = 0;
  let bytes = 0;
  for (const [node, timing] of rows) {
    if (node.type === 'cpu') cpu += timing.endTime - timing.startTime;
    else bytes += node.request?.transferSize ?? 0;
    console.log(
      `  ${String(Math.round(timing.startTime)).padStart(5)} → ${String(
        Math.round(timing.endTime),
      ).padStart(5)}  ${describe(node)}`,
    );
  }
  console.log(
    `  ${rows.length} nodes, ${(bytes / 1024).toFixed(1)} KB transferred, ${Math.round(
      cpu,
    )} ms of simulated CPU`,
  );
}

console.log(`${file}\nLantern LCP: ${Math.round(result.timing)} ms (half of each below)`);
print('optimistic', result.optimisticEstimate);
print('pessimistic', result.pessimisticEstimate);
