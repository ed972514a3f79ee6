import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths, routePaths } from '@/lib/paths';
import { firstScreenData, isSigningIn, type FirstScreenData } from './first-screen';
import { DocumentTitle } from './layouts/document-title';
import { HomeTabs } from './layouts/home-tabs';
import { PageShell } from './layouts/page-shell';
import { RouteError } from './layouts/route-error';
import type { RouteHandle, RouteTitle } from './route-titles';
import { SignInGate } from './sign-in-gate';

/**
 * A route whose page code loads on demand, so the first load carries only what it shows; opened
 * first, its code and first-screen data load while sign-in runs (first-screen.ts).
 */
function page(
  path: string,
  title: RouteTitle,
  load: Parameters<typeof lazyPage>[0],
  extra: Partial<RouteHandle> & { data?: FirstScreenData } = {},
): RouteObject {
  const { Component: Page, load: loadPage } = lazyPage(load);
  const { data, ...rest } = extra;
  const preload = (url: URL) =>
    // A failed load is retried and reported by the page itself when it renders.
    Promise.all([loadPage(), data?.(url)]).then(
      () => undefined,
      () => undefined,
    );
  const handle: RouteHandle = {
    title,
    preload,
    ...(data ? { showsBeforeSignIn: true } : {}),
    ...rest,
  };
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

/** The 18 routes of spec §2, and account security (phone, pay password reset). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to={paths.homeIndex()} replace /> },
      {
        element: <HomeTabs />,
        children: [
          page(routePaths.homeIndex, 'homeIndex', () => import('./routes/home-index'), {
            isTab: true,
            data: firstScreenData.homeIndex,
          }),
          {
            element: <PageShell />,
            children: [
              page(routePaths.homeCinema, 'homeCinema', () => import('./routes/home-cinema'), {
                isTab: true,
              }),
              page(routePaths.homeOrder, 'homeOrder', () => import('./routes/home-order'), {
                isTab: true,
              }),
              page(routePaths.homeAccount, 'homeAccount', () => import('./routes/home-account'), {
                isTab: true,
              }),
            ],
          },
        ],
      },
      {
        element: <PageShell />,
        children: [
          page(routePaths.cinemaFilm, 'cinemaFilm', () => import('./routes/cinema-film')),
          page(routePaths.cinemaSearch, 'cinemaSearch', () => import('./routes/cinema-search')),
          page(routePaths.cinemaDetail, 'cinemaDetail', () => import('./routes/cinema-detail')),
          page(routePaths.cinemaSeat, 'cinemaSeat', () => import('./routes/cinema-seat'), {
            data: firstScreenData.cinemaSeat,
          }),
          page(routePaths.cinemaOrder, 'cinemaOrder', () => import('./routes/cinema-order')),
          page(routePaths.orderDetail, 'orderDetail', () => import('./routes/order-detail')),
          page(routePaths.orderExchange, 'orderExchange', () => import('./routes/order-exchange')),
          page(
            routePaths.accountRecharge,
            'accountRecharge',
            () => import('./routes/account-recharge'),
          ),
          page(
            routePaths.accountCardList,
            'accountCardList',
            () => import('./routes/account-card-list'),
          ),
          page(
            routePaths.accountCoupons,
            'accountCoupons',
            () => import('./routes/account-coupons'),
          ),
          page(
            routePaths.accountSecurity,
            'accountSecurity',
            () => import('./routes/account-security'),
          ),
          page(
            routePaths.accountMessages,
            'accountMessages',
            () => import('./routes/account-messages'),
          ),
          page(
            routePaths.storeProductList,
            'storeProductList',
            () => import('./routes/store-product-list'),
            { data: firstScreenData.storeProductList },
          ),
          page(
            routePaths.storeProductDetail,
            'storeProductDetail',
            () => import('./routes/store-product-detail'),
          ),
          page(
            routePaths.storeOrderPayment,
            'storeOrderPayment',
            () => import('./routes/store-order-payment'),
          ),
          page(
            routePaths.storeOrderList,
            'storeOrderList',
            () => import('./routes/store-order-list'),
          ),
          page(
            routePaths.storeOrderDetail,
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

/** Start the matched page's code and data now, in parallel with sign-in, not after it. */
export function preloadFirstScreen(router: ReturnType<typeof createRouter>): Promise<unknown> {
  if (!isSigningIn(new URL(window.location.href))) return Promise.resolve();
  return Promise.all(
    router.state.matches.map((match) =>
      (match.route.handle as RouteHandle | undefined)?.preload?.(new URL(window.location.href)),
    ),
  );
}
