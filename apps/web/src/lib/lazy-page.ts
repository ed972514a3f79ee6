import { createElement, lazy, useState, type ComponentType } from 'react';

/** Spec §8–§9: a script chunk that has not loaded after 120 seconds is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk did not load in ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/**
 * A component whose code loads on demand. Once `load` has resolved (main.tsx waits for the first
 * screen's code before its first render), it renders at once instead of suspending for one more
 * render; failures reach the route's error boundary as ChunkLoadError.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= withTimeout(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed load is tried again on the next render
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  function LazyComponent(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // mount the page again and lose its state.
    const [type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(type, props);
  }
  return { Component: LazyComponent, load: loadOnce };
}

/** A route page loaded on demand. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazyComponent(load);
}
