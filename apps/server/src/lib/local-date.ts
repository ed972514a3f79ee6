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

/** The instant of a local date plus minutes after local midnight. */
export function localInstant(date: string, minutesAfterMidnight = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS + minutesAfterMidnight * 60_000);
}

/** A local date some days later (or earlier, with a negative count). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
