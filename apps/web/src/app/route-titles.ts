import { defineMessages } from '@/lib/i18n/i18n';

/** Spec §2: a page's title may come from its route. One entry per route of the spec. */
export const routeTitles = defineMessages(
  {
    homeIndex: '首页',
    homeCinema: '影院',
    homeOrder: '订单',
    homeAccount: '我的',
    cinemaFilm: '影片详情',
    cinemaSearch: '搜索影院',
    cinemaDetail: '影院详情',
    cinemaSeat: '选座',
    cinemaOrder: '确认订单',
    orderDetail: '订单详情',
    orderExchange: '改签',
    accountRecharge: '会员卡充值',
    accountCardList: '我的会员卡',
    accountSecurity: '账户安全',
    accountMessages: '消息',
    accountCoupons: '优惠券',
    storeProductList: '卖品商城',
    storeProductDetail: '商品详情',
    storeOrderPayment: '卖品支付',
    storeOrderList: '卖品订单',
    storeOrderDetail: '卖品订单详情',
    notFound: '页面不存在',
  },
  {
    homeIndex: 'Home',
    homeCinema: 'Cinemas',
    homeOrder: 'Orders',
    homeAccount: 'Me',
    cinemaFilm: 'Film',
    cinemaSearch: 'Find a cinema',
    cinemaDetail: 'Cinema',
    cinemaSeat: 'Choose seats',
    cinemaOrder: 'Confirm order',
    orderDetail: 'Order',
    orderExchange: 'Exchange ticket',
    accountRecharge: 'Recharge a card',
    accountCardList: 'My cards',
    accountSecurity: 'Account security',
    accountMessages: 'Messages',
    accountCoupons: 'Coupons',
    storeProductList: 'Snacks & drinks',
    storeProductDetail: 'Product',
    storeOrderPayment: 'Pay for snacks',
    storeOrderList: 'Snack orders',
    storeOrderDetail: 'Snack order',
    notFound: 'Page not found',
  },
);

export type RouteTitle = Parameters<typeof routeTitles.translate>[0];

export interface RouteHandle {
  title: RouteTitle;
  /** A home tab: shows the tab bar and no back button. */
  isTab?: boolean;
  /** Start loading the page's code and its first screen's data (see first-screen.ts). */
  preload?: (url: URL) => Promise<void>;
  /** Its first screen is public data: shown while sign-in fetches the user (decision 033). */
  showsBeforeSignIn?: boolean;
}
