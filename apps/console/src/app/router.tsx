import { createBrowserRouter, type RouteObject } from 'react-router';
import { consoleAreas } from '@marquee/contracts/console';
import { areaPaths, builtAreas } from './areas';

/** A page whose code (its tables, dialogs, date pickers) loads when it is first opened. */
const lazyPage = (path: string, load: () => Promise<{ default: React.ComponentType }>) =>
  ({
    path,
    lazy: async () => ({ Component: (await load()).default }),
  }) satisfies RouteObject;

/**
 * The console's routes under /console: sign-in, then every area inside the signed-in layout. The
 * layout (menu, drawer, header) and the staff calls it makes load with the first signed-in page,
 * so the sign-in screen does not wait for them (the first-load budget, scripts/check-bundle-size).
 */
export function createRouter() {
  return createBrowserRouter(
    [
      {
        lazy: async () => ({ Component: (await import('./layouts/app-shell')).AppShell }),
        children: [
          lazyPage('/sign-in', () => import('./routes/sign-in-page')),
          {
            lazy: async () => ({
              Component: (await import('./layouts/console-layout')).ConsoleLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/welcome-page')).default }),
              },
              lazyPage(areaPaths.staff, () => import('./routes/staff-page')),
              lazyPage(areaPaths.audit, () => import('./routes/audit-page')),
              lazyPage(areaPaths.reports, () => import('./routes/reports-page')),
              lazyPage(areaPaths.checkIn, () => import('./routes/check-in-page')),
              lazyPage(areaPaths.orders, () => import('./routes/orders-page')),
              lazyPage(areaPaths.films, () => import('./routes/films-page')),
              lazyPage(areaPaths.schedule, () => import('./routes/schedule-page')),
              lazyPage(areaPaths.goods, () => import('./routes/goods-page')),
              lazyPage(areaPaths.cards, () => import('./routes/cards-page')),
              lazyPage(areaPaths.coupons, () => import('./routes/coupons-page')),
              lazyPage(areaPaths.cinemas, () => import('./routes/cinemas-page')),
              lazyPage(areaPaths.boxOffice, () => import('./routes/box-office-page')),
              lazyPage(`${areaPaths.boxOffice}/day-close`, () => import('./routes/day-close-page')),
              ...consoleAreas
                .filter((area) => !builtAreas.includes(area))
                .map((area) => ({
                  path: areaPaths[area],
                  lazy: async () => {
                    const { AreaPage } = await import('./routes/area-page');
                    return { element: <AreaPage area={area} /> };
                  },
                })),
              lazyPage('*', () => import('./routes/not-found-page')),
            ],
          },
        ],
      },
    ],
    { basename: '/console' },
  );
}
