import { defineMessages } from '@/lib/i18n/i18n';

/** Asked when a held, unpaid order is left. */
export const leaveMessages = defineMessages(
  {
    title: '订单还没有支付',
    text: '座位为你保留到 {time}，离开后可以在「订单」里继续支付。',
    stay: '继续支付',
    leave: '离开',
  },
  {
    title: 'This order is not paid yet',
    text: 'Your seats are held until {time}; you can pay later from Orders.',
    stay: 'Stay and pay',
    leave: 'Leave',
  },
);
