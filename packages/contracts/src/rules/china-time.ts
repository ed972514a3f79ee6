/**
 * The cinemas' clock, the one home of China time for server, web and console: every site is in
 * China (Asia/Shanghai: UTC+8, no daylight saving), and every time people read (orders, tickets,
 * messages, the security log, reports, the console) is on it, whatever the device's own zone.
 * Reading goes through `Intl` with the zone named, so nothing here adds hours by hand.
 */
export const CINEMA_TIME_ZONE = 'Asia/Shanghai';

/** The offset written into ISO instants typed on the cinemas' clock (WeChat's times too). */
export const CINEMA_UTC_OFFSET = '+08:00';

/**
 * Hour (local) at which a cinema's business day (营业日) begins. A show at 00:30 belongs to the
 * evening before, as on a cinema's own schedule and its tickets: the door takes that ticket at
 * 23:50, and the day's report counts it with the evening.
 */
export const BUSINESS_DAY_STARTS_AT_HOUR = 6;

const DAY_MS = 86_400_000;

const fieldsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CINEMA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type Instant = Date | string | number;

interface CinemaFields {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall-clock fields of an instant at the cinemas. */
export function cinemaFieldsOf(instant: Instant): CinemaFields {
  const date = instant instanceof Date ? instant : new Date(instant);
  const map: Record<string, string> = {};
  for (const part of fieldsFormat.formatToParts(date)) map[part.type] = part.value;
  return map as unknown as CinemaFields;
}

/** YYYY-MM-DD of an instant at the cinemas. */
export function cinemaDateOf(instant: Instant): string {
  const f = cinemaFieldsOf(instant);
  return `${f.year}-${f.month}-${f.day}`;
}

/** "19:42": the cinemas' wall-clock time of an instant. */
export function cinemaClockOf(instant: Instant): string {
  const f = cinemaFieldsOf(instant);
  return `${f.hour}:${f.minute}`;
}

/** "2026-11-24 19:42", as reports, CSVs and messages to the moviegoer say it. */
export function cinemaDateTimeOf(instant: Instant): string {
  const f = cinemaFieldsOf(instant);
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`;
}

/** "11-24 19:42": a short date and time for lists and refusal messages. */
export function cinemaMonthDayTimeOf(instant: Instant): string {
  const f = cinemaFieldsOf(instant);
  return `${f.month}-${f.day} ${f.hour}:${f.minute}`;
}

/** RFC 3339 on the cinemas' clock, whole seconds, as WeChat writes and reads times: `2026-11-22T11:15:00+08:00`. */
export function cinemaIsoOf(instant: Instant): string {
  const f = cinemaFieldsOf(instant);
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}:${f.second}${CINEMA_UTC_OFFSET}`;
}

/** The ISO instant of a wall-clock time typed at the cinemas: ("2026-12-01", "19:30") → `2026-12-01T19:30:00+08:00`. */
export function cinemaIsoAt(date: string, clock = '00:00'): string {
  return `${date}T${clock.length === 5 ? `${clock}:00` : clock}${CINEMA_UTC_OFFSET}`;
}

/** The instant of a local date plus minutes after local midnight. */
export function cinemaInstant(date: string, minutesAfterMidnight = 0): Date {
  return new Date(Date.parse(cinemaIsoAt(date)) + minutesAfterMidnight * 60_000);
}

/** A calendar date some days later (or earlier, with a negative count). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** YYYY-MM-DD of the business day an instant falls in (06:00 local to 06:00 the next day). */
export function businessDateOf(instant: Instant): string {
  const at = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  return cinemaDateOf(at - BUSINESS_DAY_STARTS_AT_HOUR * 3_600_000);
}
