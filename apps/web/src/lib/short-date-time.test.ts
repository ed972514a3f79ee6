import { afterAll, describe, expect, it, vi } from 'vitest';
import { shortDateTime } from './short-date-time';

// A phone set to California's clock, 16 hours behind China's: before any date code loads.
const phoneZone = vi.hoisted(() => {
  const before = process.env.TZ;
  process.env.TZ = 'America/Los_Angeles';
  return before;
});
afterAll(() => {
  if (phoneZone === undefined) delete process.env.TZ;
  else process.env.TZ = phoneZone;
});

describe('short dates and times (card records, messages, the security log)', () => {
  it("reads the cinemas' clock, as orders do, not the phone's", () => {
    const at = '2026-11-22T16:05:00.000Z';
    expect(new Date(at).getHours()).toBe(8); // the phone's own clock reads 08:05
    expect(shortDateTime(at)).toMatch(/11.23.*00:05/);
  });
});
