import { cinemaDateOf, cinemaTimeOf } from '@/lib/show-time';

/** "2026-11-22 19:30" on the cinemas' clock. */
export function cinemaDateTime(instant: string): string {
  return `${cinemaDateOf(instant)} ${cinemaTimeOf(instant)}`;
}
