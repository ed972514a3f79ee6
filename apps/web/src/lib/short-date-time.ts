import { CINEMA_TIME_ZONE } from '@marquee/contracts';
import { getLang } from './i18n/i18n';

// 11-22 14:05 in Chinese, 22/11, 14:05 in English: the app's language, the cinemas' clock (as
// orders show it), whatever the phone's zone.
const shortFormat = new Intl.DateTimeFormat(getLang() === 'en' ? 'en-GB' : 'zh-CN', {
  timeZone: CINEMA_TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** When something happened, for lists (card records, messages, the security log). */
export function shortDateTime(instant: Date | string): string {
  return shortFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}
