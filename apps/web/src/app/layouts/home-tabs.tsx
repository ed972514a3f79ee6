import { Suspense } from 'react';
import {
  AppOutline,
  EnvironmentOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { NavLink, Outlet } from 'react-router';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { routeTitles } from '../route-titles';
import { paths } from '@/lib/paths';

const tabs = [
  { to: paths.homeIndex(), title: 'homeIndex', Icon: AppOutline },
  { to: paths.homeCinema(), title: 'homeCinema', Icon: EnvironmentOutline },
  { to: paths.homeOrder(), title: 'homeOrder', Icon: UnorderedListOutline },
  { to: paths.homeAccount(), title: 'homeAccount', Icon: UserOutline },
] as const;

/** The four home tabs: real links at the bottom, within thumb reach. */
export function HomeTabs() {
  const t = routeTitles.useT();
  return (
    <div className="home-tabs">
      <div className="home-tabs__page">
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </div>
      <nav className="tab-bar" aria-label="tabs">
        {tabs.map(({ to, title, Icon }) => (
          <NavLink key={to} to={to} replace className="tab-bar__item">
            <Icon className="tab-bar__icon" aria-hidden />
            <span>{t(title)}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
