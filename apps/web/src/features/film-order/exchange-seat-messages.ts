import { defineMessages } from '@/lib/i18n/i18n';

/** The seat page of an exchange (改签): how many seats, and the difference as they are chosen. */
export const exchangeSeatMessages = defineMessages(
  {
    pickCount: '请选 {count} 个座位（与原订单相同）',
    extra: '改签需补差价 ¥{amount}',
    refund: '改签将退回差价 ¥{amount}',
    same: '改签无差价',
  },
  {
    pickCount: 'Choose {count} seats (as many as the order has)',
    extra: 'This exchange costs ¥{amount} more',
    refund: 'This exchange gives back ¥{amount}',
    same: 'No price difference',
  },
);
