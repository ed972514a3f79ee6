import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { DocumentTitle } from './layouts/document-title';
import { HomeTabs } from './layouts/home-tabs';
import { PageShell } from './layouts/page-shell';
import { RouteError } from './layouts/route-error';
import type { RouteHandle, RouteTitle } from './route-titles';
import { SignInGate } from './sign-in-gate';

/** A route whose page code loads on demand, so the first load carries only what it shows. */
function page(
  path: string,
  title: RouteTitle,
  load: Parameters<typeof lazyPage>[0],
  extra: Partial<RouteHandle> = {},
): RouteObject {
  const Page = lazyPage(load);
  const handle: RouteHandle = { title, ...extra };
  return { path, element: <Page />, handle, errorElement: <RouteError /> };
}

function Root() {
  return (
    <SignInGate>
      <DocumentTitle />
      <Outlet />
    </SignInGate>
  );
}

/** The 18 routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/home/index" replace /> },
      {
        element: <HomeTabs />,
        children: [
          page('/home/index', 'homeIndex', () => import('./routes/home-index'), { isTab: true }),
          {
            element: <PageShell />,
            children: [
              page('/home/cinema', 'homeCinema', () => import('./routes/home-cinema'), {
                isTab: true,
              }),
              page('/home/order', 'homeOrder', () => import('./routes/home-order'), {
                isTab: true,
              }),
              page('/home/account', 'homeAccount', () => import('./routes/home-account'), {
                isTab: true,
              }),
            ],
          },
        ],
      },
      {
        element: <PageShell />,
        children: [
          page('/cinema/film', 'cinemaFilm', () => import('./routes/cinema-film')),
          page('/cinema/search', 'cinemaSearch', () => import('./routes/cinema-search')),
          page('/cinema/detail', 'cinemaDetail', () => import('./routes/cinema-detail')),
          page('/cinema/seat', 'cinemaSeat', () => import('./routes/cinema-seat')),
          page('/cinema/order', 'cinemaOrder', () => import('./routes/cinema-order')),
          page('/order/detail', 'orderDetail', () => import('./routes/order-detail')),
          page('/account/recharge', 'accountRecharge', () => import('./routes/account-recharge')),
          page('/account/card_list', 'accountCardList', () => import('./routes/account-card-list')),
          page(
            '/store/product/list',
            'storeProductList',
            () => import('./routes/store-product-list'),
          ),
          page(
            '/store/product/detail',
            'storeProductDetail',
            () => import('./routes/store-product-detail'),
          ),
          page(
            '/store/order/payment',
            'storeOrderPayment',
            () => import('./routes/store-order-payment'),
          ),
          page('/store/order/list', 'storeOrderList', () => import('./routes/store-order-list')),
          page(
            '/store/order/detail',
            'storeOrderDetail',
            () => import('./routes/store-order-detail'),
          ),
          page('*', 'notFound', () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
