export { yuan } from '@/lib/money';
/** Yuan as a number for chart axes; the local (China) date and time of an ISO instant: 2026-11-24 19:30. */
export { fenToYuan as yuanValue, cinemaDateTimeOf as localTime } from '@marquee/contracts';
