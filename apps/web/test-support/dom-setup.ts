import { afterEach } from 'vitest';

/**
 * Component tests run in jsdom, chosen per file with a `// @vitest-environment jsdom` first line;
 * every other unit test stays in Node. Here only what a DOM test needs: unmount after each test,
 * and the pointer capture jsdom lacks.
 */
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // findBy… waits on a condition, never a fixed time: a first render of a lazy page on a busy
  // two-core runner can take past the default second, so the condition gets five.
  configure({ asyncUtilTimeout: 5000 });
  // jsdom has no pointer capture; the seat map's and antd-mobile's gestures ask for it.
  Element.prototype.setPointerCapture ??= () => undefined;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.hasPointerCapture ??= () => false;
}
