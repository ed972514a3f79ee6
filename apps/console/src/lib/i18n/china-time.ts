/**
 * Times as the cinemas live them: Asia/Shanghai (UTC+8, no daylight saving), whatever the device's
 * zone, so the page says the same "19:42" as the server's messages ("已于 19:42 由 王芳 核销").
 */
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(at: string | Date): Record<string, string> {
  return Object.fromEntries(
    parts.formatToParts(typeof at === 'string' ? new Date(at) : at).map((p) => [p.type, p.value]),
  );
}

/** "19:42" */
export function chinaClock(at: string | Date): string {
  const p = partsOf(at);
  return `${p.hour}:${p.minute}`;
}

/** "11-25 19:42"; "—" for no time. */
export function chinaDateTime(at: string | Date | null): string {
  if (at === null) return '—';
  const p = partsOf(at);
  return `${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
