import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium';
import { freePort } from '../e2e/support/server';

/** The figures of one Lighthouse run (mobile preset: simulated 4× CPU, 1.6 Mbps, 150 ms RTT). */
export interface PageFigures {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

/**
 * Debian's Chromium with a DevTools port for Lighthouse, on a profile of its own: the HTTP cache
 * a warm run reads is the one the runs before it filled.
 */
export async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-chromium-'));
  const child = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  let failedToStart: Error | null = null;
  child.once('error', (error) => (failedToStart = error));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (failedToStart) {
      await stop();
      throw new Error(`Chromium did not start (${chromiumPath}): ${String(failedToStart)}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('Chromium did not open its DevTools port in 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, stop };
}

/**
 * One Lighthouse performance run of `url` in the Chromium on `port`. A cold run clears the
 * origin's cache and storage first (Lighthouse's default); a warm one keeps what earlier runs left.
 * With `dumpTo`, the whole report (JSON) is written there for `critical-path.ts` to read.
 */
export async function lighthouseRun(
  url: string,
  port: number,
  mode: 'cold' | 'warm',
  dumpTo?: string,
): Promise<PageFigures> {
  // On a loaded machine Chromium's trace now and then misses the navigation (NO_NAVSTART): that
  // run is done again, up to twice.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: mode === 'warm',
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (runtimeError && attempt < 3) {
      console.error(`lighthouse: ${runtimeError.code ?? runtimeError.message}, again`);
      continue;
    }
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
    if (dumpTo) {
      // What bench/lantern-lcp.ts needs to simulate the run again and show its LCP's nodes.
      const { Trace, DevtoolsLog, GatherContext, URL: urls } = result.artifacts;
      fs.mkdirSync(path.dirname(dumpTo), { recursive: true });
      fs.writeFileSync(
        dumpTo.replace(/\.json$/, '.artifacts.json'),
        JSON.stringify({
          Trace,
          DevtoolsLog,
          GatherContext,
          URL: urls,
          settings: result.lhr.configSettings,
        }),
      );
    }
    return figuresOf(url, result.lhr, dumpTo);
  }
}

function figuresOf(
  url: string,
  lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'],
  dumpTo: string | undefined,
): PageFigures {
  const { audits } = lhr;
  if (dumpTo) {
    fs.mkdirSync(path.dirname(dumpTo), { recursive: true });
    fs.writeFileSync(dumpTo, JSON.stringify(lhr));
  }
  const value = (id: string) => {
    const figure = audits[id]?.numericValue;
    if (figure === undefined) throw new Error(`Lighthouse on ${url} has no ${id}`);
    return figure;
  };
  return {
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}
