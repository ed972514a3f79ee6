import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The cinemas' wall clock (Asia/Shanghai, UTC+8, no daylight saving), whatever the computer's
 * own time zone: schedules are read and typed in the cinema's time.
 */
const OFFSET_MINUTES = 8 * 60;

export const chinaTime = (iso: string | Date): Dayjs => dayjs(iso).utcOffset(OFFSET_MINUTES);

/** Today's date at the cinemas (YYYY-MM-DD). */
export const chinaToday = (): string => dayjs().utcOffset(OFFSET_MINUTES).format('YYYY-MM-DD');

/** A wall-clock time picked in a form (its own zone ignored) as an instant at the cinemas. */
export const chinaInstant = (picked: Dayjs): string =>
  `${picked.format('YYYY-MM-DDTHH:mm')}:00+08:00`;

/** A date some days later (YYYY-MM-DD). */
export const addDays = (date: string, days: number): string =>
  dayjs.utc(date).add(days, 'day').format('YYYY-MM-DD');

/**
 * The cinemas' business day now (YYYY-MM-DD): it runs from 06:00 to 06:00 China time, as the
 * server counts shifts, sales and the day's close, so at 01:00 it is still yesterday's.
 */
export const chinaBusinessToday = (): string =>
  dayjs().utcOffset(OFFSET_MINUTES).subtract(6, 'hour').format('YYYY-MM-DD');
