/**
 * Calendar dates of the cinemas' local time. Every site is in China (Asia/Shanghai: UTC+8, no
 * daylight saving), so a fixed offset is exact; a site in another zone would need a setting.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of an instant in local time. */
export function localDateOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** "19:42": the local wall-clock time of an instant. */
export function localClockOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(11, 16);
}

/** The instant of a local date plus minutes after local midnight. */
export function localInstant(date: string, minutesAfterMidnight = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS + minutesAfterMidnight * 60_000);
}

/** A local date some days later (or earlier, with a negative count). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Hour (local) at which a cinema's business day (营业日) begins. A show at 00:30 belongs to the
 * evening before, as on a cinema's own schedule and its tickets: the door takes that ticket at
 * 23:50, and the day's report counts it with the evening.
 */
export const BUSINESS_DAY_STARTS_AT_HOUR = 6;

/** YYYY-MM-DD of the business day an instant falls in (06:00 local to 06:00 the next day). */
export function businessDateOf(instant: Date): string {
  return localDateOf(new Date(instant.getTime() - BUSINESS_DAY_STARTS_AT_HOUR * 3600_000));
}

/** `YYYY-MM-DD HH:mm` of an instant in local (China) time, as messages to the moviegoer say it. */
export function localDateTimeOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
