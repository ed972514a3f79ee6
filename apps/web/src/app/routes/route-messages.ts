import { defineMessages } from '@/lib/i18n/i18n';

/** The few texts of the route pages themselves (the account tab's rows). */
export const routeMessages = defineMessages(
  {
    phone: '手机号',
    phoneUnknown: '未绑定',
    security: '账户安全（手机号、忘记支付密码）',
    payPassword: '支付密码',
    payPasswordSet: '已设置',
    payPasswordNotSet: '未设置',
    myCards: '我的会员卡',
    cardsSummary: '{count} 张卡',
    cardsSummaryOne: '1 张卡',
    recharge: '会员卡充值',
    storeOrders: '卖品订单',
    messages: '消息',
    coupons: '优惠券',
  },
  {
    phone: 'Phone',
    phoneUnknown: 'Not linked',
    security: 'Account security (phone, forgotten pay password)',
    payPassword: 'Pay password',
    payPasswordSet: 'Set',
    payPasswordNotSet: 'Not set',
    myCards: 'My cards',
    cardsSummary: '{count} cards',
    cardsSummaryOne: '1 card',
    recharge: 'Recharge a card',
    storeOrders: 'Snack orders',
    messages: 'Messages',
    coupons: 'Coupons',
  },
);

export type RouteMessage = Parameters<typeof routeMessages.translate>[0];
