import type { ConsoleArea } from '@marquee/contracts/console';

/** Where each console area lives, and whether its page exists yet. */
export const areaPaths: Record<ConsoleArea, string> = {
  cinemas: '/cinemas',
  films: '/films',
  schedule: '/schedule',
  goods: '/goods',
  cards: '/cards',
  coupons: '/coupons',
  boxOffice: '/box-office',
  checkIn: '/check-in',
  orders: '/orders',
  reports: '/reports',
  staff: '/staff',
  audit: '/audit',
};

export const builtAreas: readonly ConsoleArea[] = [
  'staff',
  'audit',
  'reports',
  'checkIn',
  'orders',
  'films',
  'schedule',
  'goods',
  'cards',
  'coupons',
  'cinemas',
  'boxOffice',
];
