/**
 * 推荐选座 speed on the 574-seat demo hall: `npm run bench:best-seats`. Prints the median and p95 of
 * `bestSeats` for 1–4 people on an empty hall, a hall 60 % taken at random and an almost full one
 * (the slowest case: no row has the block, so the two-row split is searched too).
 */
import { bestSeats } from '../src/rules/best-seats.js';
import { demoHalls, drawLayout } from '../src/rules/seat-drawing.test-kit.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);

function seeded(seed: number) {
  // mulberry32: a small generator good enough to scatter taken seats, the same every run.
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function takeAtRandom(lines: string[], share: number): string[] {
  const random = seeded(42);
  return lines.map((line) =>
    [...line].map((char) => (char === '.' && random() < share ? 'X' : char)).join(''),
  );
}

const halls: Record<string, string[]> = {
  empty: demoHalls.large,
  '60 % taken': takeAtRandom(demoHalls.large, 0.6),
  'almost full': takeAtRandom(
    demoHalls.large.map((line) => line.replace(/P/g, '.')),
    0.97,
  ),
};

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

console.log(`bestSeats on the 574-seat hall, ${RUNS} runs each (ms)`);
console.log('hall          people  median   p95     answer');
for (const [name, lines] of Object.entries(halls)) {
  const { layout } = drawLayout(...lines);
  for (const count of [1, 2, 3, 4]) {
    for (let warm = 0; warm < 20; warm += 1) bestSeats(layout, count);
    const times: number[] = [];
    let answer = '';
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      const result = bestSeats(layout, count);
      times.push(performance.now() - start);
      answer = result.kind === 'none' ? 'none' : `${result.kind} ${result.seatIds.join(' ')}`;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(13)} ${String(count).padEnd(7)} ${percentile(times, 0.5).toFixed(3).padEnd(8)} ${percentile(times, 0.95).toFixed(3).padEnd(7)} ${answer}`,
    );
  }
}
