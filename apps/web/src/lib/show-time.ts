import { cinemaClockOf, cinemaDateOf } from '@marquee/contracts';
import { defineMessages, getLang } from './i18n/i18n';

/** Shows run on the cinemas' clock (contracts `rules/china-time.ts`), whatever the phone's zone. */
export { cinemaDateOf, cinemaClockOf as cinemaTimeOf };

const messages = defineMessages(
  {
    today: '今天',
    tomorrow: '明天',
    dayAfter: '后天',
    monthDay: '{month}月{day}日',
  },
  {
    today: 'Today',
    tomorrow: 'Tomorrow',
    dayAfter: '',
    monthDay: '{monthName} {day}',
  },
);

const weekdaysZh = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const weekdaysEn = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const monthsEn = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A date tab: "今天" / "明天" / "后天" / "周五", and "11月22日". */
export function dateLabel(date: string, today: string): { day: string; monthDay: string } {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const isEn = getLang() === 'en';
  const offset = daysBetween(today, date);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const relative =
    offset === 0
      ? messages.translate('today')
      : offset === 1
        ? messages.translate('tomorrow')
        : offset === 2
          ? messages.translate('dayAfter')
          : '';
  return {
    day: relative || (isEn ? weekdaysEn[weekday]! : weekdaysZh[weekday]!),
    monthDay: messages.translate('monthDay', { month, day, monthName: monthsEn[month - 1]! }),
  };
}

/** "今天 11月22日 19:30" for a show's start. */
export function showStartLabel(startAt: string, now: Date = new Date()): string {
  const label = dateLabel(cinemaDateOf(startAt), cinemaDateOf(now));
  return `${label.day} ${label.monthDay} ${cinemaClockOf(startAt)}`;
}
