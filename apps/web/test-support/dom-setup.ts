import { afterEach } from 'vitest';

/**
 * Component tests run in jsdom, chosen per file with a `// @vitest-environment jsdom` first line;
 * every other unit test stays in Node. Here only what a DOM test needs: unmount after each test.
 */
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
