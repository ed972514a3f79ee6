/**
 * Every TanStack Query key of the app, in one place: a domain's keys start with its word, so
 * invalidating `queryKeys.cards.all` refreshes everything about cards. Keys take the call's query
 * as it is sent, so two calls share a cache entry exactly when they ask the same thing.
 */
export const queryKeys = {
  userInfo: ['userInfo'] as const,
  cinemas: {
    all: ['cinemas'] as const,
    list: (query: object) => ['cinemas', 'list', query] as const,
    nearby: (near: object | null) => ['cinemas', 'list', 'nearby', near] as const,
    detail: (query: object) => ['cinemas', 'detail', query] as const,
    shows: (query: object) => ['cinemas', 'shows', query] as const,
  },
  films: {
    list: (status: string) => ['films', 'list', status] as const,
    detail: (filmId: string) => ['films', 'detail', filmId] as const,
    shows: (query: object) => ['films', 'shows', query] as const,
  },
  shows: {
    seats: (showId: string) => ['shows', 'seats', showId] as const,
    /** The seat map's unchanging half (`/show/layout`), kept apart so refreshes skip it. */
    layout: (showId: string) => ['shows', 'layout', showId] as const,
  },
  filmOrders: {
    all: ['filmOrders'] as const,
    /** The user's unpaid order for a show: the server's truth of what /cinema/order shows. */
    pending: (showId: string) => ['filmOrders', 'pending', showId] as const,
  },
  orders: {
    all: ['orders'] as const,
    lists: ['orders', 'list'] as const,
    list: (kind: string) => ['orders', 'list', kind] as const,
    detail: (orderId: string) => ['orders', 'detail', orderId] as const,
  },
  cards: {
    all: ['cards'] as const,
    user: ['cards', 'user'] as const,
    records: ['cards', 'records'] as const,
  },
  payment: {
    status: (ref: object) => ['payment', 'status', ref] as const,
  },
  goods: {
    all: ['goods'] as const,
    categories: ['goods', 'categories'] as const,
    list: (categoryId: string) => ['goods', 'list', categoryId] as const,
    detail: (goodsId: string) => ['goods', 'detail', goodsId] as const,
    /** The snack step's combos and popular goods (decision 029). */
    offers: ['goods', 'offers'] as const,
  },
};
