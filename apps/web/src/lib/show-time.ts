import { defineMessages, getLang } from './i18n/i18n';

/** Shows run on the cinemas' clock: dates and times are shown in China Standard Time. */
export const CINEMA_TIME_ZONE = 'Asia/Shanghai';

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

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CINEMA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(instant: Date | string) {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const map = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    date: `${map.year}-${map.month}-${map.day}`,
    time: `${map.hour}:${map.minute}`,
  };
}

/** YYYY-MM-DD of an instant on the cinemas' clock. */
export function cinemaDateOf(instant: Date | string): string {
  return parts(instant).date;
}

/** HH:mm of an instant on the cinemas' clock. */
export function cinemaTimeOf(instant: Date | string): string {
  return parts(instant).time;
}

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
  const { date, time } = parts(startAt);
  const label = dateLabel(date, cinemaDateOf(now));
  return `${label.day} ${label.monthDay} ${time}`;
}
