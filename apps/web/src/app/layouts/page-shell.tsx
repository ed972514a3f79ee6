import { Suspense } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { Outlet, useNavigate } from 'react-router';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { commonMessages } from '@/lib/i18n/common-messages';
import { routeTitles } from '../route-titles';
import { useRouteHandle } from './use-route-handle';
import { paths } from '@/lib/paths';

/** Spec §2: the common wrapper of every page but the home index: a title bar and the page. */
export function PageShell() {
  const handle = useRouteHandle();
  const navigate = useNavigate();
  const t = commonMessages.useT();
  const title = handle ? routeTitles.translate(handle.title) : '';
  const goBack = () => {
    // Opened from a shared link there is no history to go back to: go home instead.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.homeIndex(), { replace: true });
  };
  return (
    <div className="page-shell">
      <header className="title-bar">
        {!handle?.isTab && (
          <button type="button" className="title-bar__back" onClick={goBack} aria-label={t('back')}>
            <LeftOutline aria-hidden />
          </button>
        )}
        <h1 className="title-bar__title">{title}</h1>
      </header>
      <main className="page-shell__body">
        <Suspense fallback={<CenteredSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
