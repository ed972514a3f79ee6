import { describe, expect, it, vi } from 'vitest';
import { onSessionInvalid, reportSessionInvalid } from './session-expiry';

describe('session expiry', () => {
  it('tells the registered handler, and nobody once it has unregistered', () => {
    const handler = vi.fn();
    const stop = onSessionInvalid(handler);
    reportSessionInvalid();
    expect(handler).toHaveBeenCalledTimes(1);
    stop();
    reportSessionInvalid();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
