/**
 * Calendar dates and clock times of the cinemas' local time, under the server's names: the rule
 * itself (Asia/Shanghai, no daylight saving) lives once, in contracts `rules/china-time.ts`.
 */
import {
  BUSINESS_DAY_STARTS_AT_HOUR,
  addDays,
  businessDateOf,
  cinemaClockOf,
  cinemaDateOf,
  cinemaDateTimeOf,
  cinemaInstant,
} from '@marquee/contracts';

export { BUSINESS_DAY_STARTS_AT_HOUR, addDays, businessDateOf };

/** YYYY-MM-DD of an instant in local time. */
export const localDateOf = (instant: Date): string => cinemaDateOf(instant);

/** "19:42": the local wall-clock time of an instant. */
export const localClockOf = (instant: Date): string => cinemaClockOf(instant);

/** The instant of a local date plus minutes after local midnight. */
export const localInstant = (date: string, minutesAfterMidnight = 0): Date =>
  cinemaInstant(date, minutesAfterMidnight);

/** `YYYY-MM-DD HH:mm` of an instant in local (China) time, as messages to the moviegoer say it. */
export const localDateTimeOf = (instant: Date): string => cinemaDateTimeOf(instant);
