import { describe, expect, it } from 'vitest';
import { cinemaDateOf, cinemaTimeOf, dateLabel, showStartLabel } from './show-time';

describe('show dates and times on the cinemas clock', () => {
  it('reads instants in China Standard Time', () => {
    expect(cinemaDateOf('2026-11-22T17:30:00.000Z')).toBe('2026-11-23');
    expect(cinemaTimeOf('2026-11-22T17:30:00.000Z')).toBe('01:30');
  });

  it('names today, tomorrow and the day after, then weekdays', () => {
    expect(dateLabel('2026-11-22', '2026-11-22')).toEqual({ day: '今天', monthDay: '11月22日' });
    expect(dateLabel('2026-11-23', '2026-11-22').day).toBe('明天');
    expect(dateLabel('2026-11-24', '2026-11-22').day).toBe('后天');
    expect(dateLabel('2026-11-27', '2026-11-22').day).toBe('周五');
  });

  it('labels a show start with its day and time', () => {
    expect(showStartLabel('2026-11-22T11:30:00.000Z', new Date('2026-11-22T02:00:00.000Z'))).toBe(
      '今天 11月22日 19:30',
    );
  });
});
