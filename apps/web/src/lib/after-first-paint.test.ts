import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A PerformanceObserver stand-in whose paint entries the test reports by hand. */
function fakePaintObserver(supportedEntryTypes: string[] = ['paint']) {
  const observers: { callback: PerformanceObserverCallback; isConnected: boolean }[] = [];
  class FakeObserver {
    static supportedEntryTypes = supportedEntryTypes;
    private readonly entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, isConnected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.isConnected = true;
    }
    disconnect() {
      this.entry.isConnected = false;
    }
  }
  const paint = (name: string) => {
    for (const observer of observers.filter((one) => one.isConnected)) {
      const list = { getEntries: () => [{ name }] } as unknown as PerformanceObserverEntryList;
      observer.callback(list, observer as unknown as PerformanceObserver);
    }
  };
  return { Observer: FakeObserver, paint, observers };
}

describe('afterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task once the first contentful paint is reported, not before', () => {
    const { Observer, paint, observers } = fakePaintObserver();
    const task = vi.fn();
    afterFirstPaint(task, { Observer });
    vi.advanceTimersByTime(100);
    paint('first-paint');
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(task).not.toHaveBeenCalled(); // in a task of its own, not in the observer's callback
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    expect(observers.every((observer) => !observer.isConnected)).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs the task after the fallback when no paint is reported', () => {
    const { Observer } = fakePaintObserver();
    const task = vi.fn();
    afterFirstPaint(task, { Observer, fallbackMs: 500 });
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs the task after the fallback in a browser that reports no paints', () => {
    const { Observer, paint } = fakePaintObserver([]);
    const task = vi.fn();
    afterFirstPaint(task, { Observer, fallbackMs: 500 });
    paint('first-contentful-paint');
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledOnce();
  });
});
