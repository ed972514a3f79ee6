import { createBrowserRouter } from 'react-router';
import { consoleAreas } from '@marquee/contracts/console';
import { areaPaths, builtAreas } from './areas';
import { ConsoleLayout } from './layouts/console-layout';
import { AreaPage } from './routes/area-page';
import AuditPage from './routes/audit-page';
import FilmsPage from './routes/films-page';
import NotFoundPage from './routes/not-found-page';
import SchedulePage from './routes/schedule-page';
import SignInPage from './routes/sign-in-page';
import StaffPage from './routes/staff-page';
import WelcomePage from './routes/welcome-page';

/** The console's routes under /console: sign-in, then every area inside the signed-in layout. */
export function createRouter() {
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInPage /> },
      {
        element: <ConsoleLayout />,
        children: [
          { index: true, element: <WelcomePage /> },
          { path: areaPaths.staff, element: <StaffPage /> },
          { path: areaPaths.audit, element: <AuditPage /> },
          { path: areaPaths.films, element: <FilmsPage /> },
          { path: areaPaths.schedule, element: <SchedulePage /> },
          ...consoleAreas
            .filter((area) => !builtAreas.includes(area))
            .map((area) => ({ path: areaPaths[area], element: <AreaPage area={area} /> })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: '/console' },
  );
}
