import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import {
  addDays,
  businessDateOf,
  CINEMA_UTC_OFFSET,
  cinemaClockOf,
  cinemaDateOf,
  cinemaIsoAt,
  cinemaMonthDayTimeOf,
} from '@marquee/contracts';

dayjs.extend(utc);

/**
 * The console's one module of the cinemas' wall clock (Asia/Shanghai, no daylight saving),
 * whatever the computer's own time zone: schedules are read and typed in the cinema's time, and
 * pages say the same "19:42" as the server's messages. The rule lives in contracts
 * `rules/china-time.ts`; this adds the date pickers' dayjs.
 */
export const chinaTime = (iso: string | Date): Dayjs => dayjs(iso).utcOffset(CINEMA_UTC_OFFSET);

/** Today's date at the cinemas (YYYY-MM-DD). */
export const chinaToday = (): string => cinemaDateOf(new Date());

/** A wall-clock time picked in a form (its own zone ignored) as an instant at the cinemas. */
export const chinaInstant = (picked: Dayjs): string =>
  cinemaIsoAt(picked.format('YYYY-MM-DD'), picked.format('HH:mm'));

/** A date some days later (YYYY-MM-DD). */
export { addDays };

/**
 * The cinemas' business day now (YYYY-MM-DD): it runs from 06:00 to 06:00 China time, as the
 * server counts shifts, sales and the day's close, so at 01:00 it is still yesterday's.
 */
export const chinaBusinessToday = (): string => businessDateOf(new Date());

/** "19:42" */
export const chinaClock = (at: string | Date): string => cinemaClockOf(at);

/** "11-25 19:42"; "—" for no time. */
export const chinaDateTime = (at: string | Date | null): string =>
  at === null ? '—' : cinemaMonthDayTimeOf(at);
