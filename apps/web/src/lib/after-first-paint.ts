/** How long to wait for a first paint that is never reported (an old browser, a hidden tab). */
export const FIRST_PAINT_FALLBACK_MS = 3_000;

type PaintObserverClass = Pick<typeof PerformanceObserver, 'supportedEntryTypes'> &
  (new (
    callback: PerformanceObserverCallback,
  ) => Pick<PerformanceObserver, 'observe' | 'disconnect'>);

/**
 * Runs `task` once, after the page has painted its first content (the browser's
 * `first-contentful-paint`), or after `fallbackMs` if no such paint is reported. For start-up work
 * the first screen does not show (antd-mobile's English texts): started beside the first screen,
 * its requests and their CPU would share the phone's network and main thread with it.
 */
export function afterFirstPaint(
  task: () => void,
  {
    fallbackMs = FIRST_PAINT_FALLBACK_MS,
    Observer = typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver,
  }: { fallbackMs?: number; Observer?: PaintObserverClass } = {},
): void {
  let isDone = false;
  const observer = Observer?.supportedEntryTypes?.includes('paint')
    ? new Observer((list) => {
        if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) run();
      })
    : undefined;
  const run = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    observer?.disconnect();
    // Out of the paint's own callback: the task starts in a task of its own.
    setTimeout(task, 0);
  };
  const timer = setTimeout(run, fallbackMs);
  // `buffered`: a paint that happened before this call is reported too.
  observer?.observe({ type: 'paint', buffered: true });
}
