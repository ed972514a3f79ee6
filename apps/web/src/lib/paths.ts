import type { OrderKind } from '@marquee/contracts';

/**
 * Every route of spec §2, and the one place that builds their URLs with the query they take: the
 * query keeps a page's state, so reload and sharing work. The router binds its routes to
 * `routePaths`; links and navigation call `paths`.
 */
export const routePaths = {
  homeIndex: '/home/index',
  homeCinema: '/home/cinema',
  homeOrder: '/home/order',
  homeAccount: '/home/account',
  cinemaFilm: '/cinema/film',
  cinemaSearch: '/cinema/search',
  cinemaDetail: '/cinema/detail',
  cinemaSeat: '/cinema/seat',
  cinemaOrder: '/cinema/order',
  orderDetail: '/order/detail',
  orderExchange: '/order/exchange',
  accountRecharge: '/account/recharge',
  accountCardList: '/account/card_list',
  accountSecurity: '/account/security',
  accountMessages: '/account/messages',
  accountCoupons: '/account/coupons',
  storeProductList: '/store/product/list',
  storeProductDetail: '/store/product/detail',
  storeOrderPayment: '/store/order/payment',
  storeOrderList: '/store/order/list',
  storeOrderDetail: '/store/order/detail',
} as const;

type Query = Record<string, string | null | undefined>;

/** A path with the query parameters that are set, in the order given. */
function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  homeIndex: () => routePaths.homeIndex,
  homeCinema: () => routePaths.homeCinema,
  homeOrder: (kind?: OrderKind) =>
    withQuery(routePaths.homeOrder, { kind: kind === 'store' ? kind : undefined }),
  homeAccount: () => routePaths.homeAccount,
  cinemaFilm: (filmId: string) => withQuery(routePaths.cinemaFilm, { filmId }),
  cinemaSearch: () => routePaths.cinemaSearch,
  cinemaDetail: (cinemaId: string, extra: { filmId?: string; date?: string } = {}) =>
    withQuery(routePaths.cinemaDetail, { cinemaId, filmId: extra.filmId, date: extra.date }),
  cinemaSeat: (showId: string) => withQuery(routePaths.cinemaSeat, { showId }),
  /** Spec §2: /cinema/order takes the query parameter showId. */
  cinemaOrder: (showId: string) => withQuery(routePaths.cinemaOrder, { showId }),
  orderDetail: (orderId: string) => withQuery(routePaths.orderDetail, { orderId }),
  /** 改签: without a show, the choice of show; with one, its seats. */
  orderExchange: (orderId: string, showId?: string) =>
    withQuery(routePaths.orderExchange, { orderId, showId }),
  accountRecharge: () => routePaths.accountRecharge,
  accountCardList: () => routePaths.accountCardList,
  /** `back`: the page to return to once the pay password was reset (a held order's page). */
  accountSecurity: (back?: string) =>
    withQuery(routePaths.accountSecurity, {
      back: back && isInternalPath(back) ? back : undefined,
    }),
  accountMessages: () => routePaths.accountMessages,
  accountCoupons: () => routePaths.accountCoupons,
  /** Spec §5: category 0 is "all", sent as no category. */
  storeProductList: (categoryId?: string | null) =>
    withQuery(routePaths.storeProductList, {
      categoryId: categoryId && categoryId !== '0' ? categoryId : undefined,
    }),
  storeProductDetail: (goodsId: string) =>
    withQuery(routePaths.storeProductDetail, { id: goodsId }),
  /** Without an order: the checkout of the cart; with one: paying that order. */
  storeOrderPayment: (orderId?: string) => withQuery(routePaths.storeOrderPayment, { orderId }),
  storeOrderList: () => routePaths.storeOrderList,
  storeOrderDetail: (orderId: string) => withQuery(routePaths.storeOrderDetail, { orderId }),
};

/** A path of this app (`/…`), never another origin (`//host`, `/\\host`) or a scheme. */
export function isInternalPath(path: string): boolean {
  return /^\/(?![/\\])/.test(path);
}
