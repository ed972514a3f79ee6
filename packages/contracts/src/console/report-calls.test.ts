import { describe, expect, it } from 'vitest';
import { reportDates, reportQuerySchema, reportRangeDays } from './report-calls.js';

describe('report ranges', () => {
  it('counts both ends of a range', () => {
    expect(reportRangeDays('2026-11-24', '2026-11-24')).toBe(1);
    expect(reportRangeDays('2026-02-27', '2026-03-01')).toBe(3);
    expect(reportRangeDays('2026-11-24', '2026-11-23')).toBe(0);
  });

  it('lists every local date of a range, across a month end', () => {
    expect(reportDates('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
    expect(reportDates('2026-02-02', '2026-02-01')).toEqual([]);
  });

  it('accepts up to 92 days and refuses 93, naming `to`', () => {
    expect(reportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-04-02' }).success).toBe(
      true,
    );
    const tooLong = reportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-04-03' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues.map((issue) => issue.path)).toEqual([['to']]);
  });

  it('refuses a range that ends before it starts', () => {
    const backwards = reportQuerySchema.safeParse({ from: '2026-11-24', to: '2026-11-23' });
    expect(backwards.error?.issues.map((issue) => issue.path)).toEqual([['to']]);
  });

  it('refuses dates that are not on the calendar and cinema ids that are not ids', () => {
    expect(reportQuerySchema.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(
      false,
    );
    expect(reportQuerySchema.safeParse({ from: '2028-02-29', to: '2028-03-01' }).success).toBe(
      true,
    );
    expect(
      reportQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-02', cinemaId: 'x' }).success,
    ).toBe(false);
  });
});
