import { Suspense } from 'react';
import { RightOutline, SearchOutline, ShopbagOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import type { FilmStatus } from '@marquee/contracts';
import { useSession } from '@/features/auth/session-store';
import { FilmListSkeleton } from '@/features/cinema/components/film-list-skeleton';
import { lazyFilmList } from '@/features/cinema/components/lazy-film-list';
import { useBrand, useBrandName } from '@/lib/brand';
import { homeMessages } from './home-messages';
import { paths } from '@/lib/paths';

const tabs: { status: FilmStatus; label: 'nowShowing' | 'comingSoon' }[] = [
  { status: 'showing', label: 'nowShowing' },
  { status: 'coming', label: 'comingSoon' },
];

// The list (and the film contracts it needs) loads beside the page, not inside its first-load
// budget: the header and the store card paint at once, the list's skeleton holds its place.
const FilmList = lazyFilmList.Component;

/** The home tab: no common wrapper, a header of its own; films showing and coming soon. */
export default function HomeIndexPage() {
  const t = homeMessages.useT();
  const brand = useBrand();
  const brandName = useBrandName();
  const { userInfo } = useSession();
  const [params, setParams] = useSearchParams();
  const status: FilmStatus = params.get('status') === 'coming' ? 'coming' : 'showing';
  return (
    <div className="home-index">
      <header className="home-index__header">
        <h1 className="home-index__brand">
          {brand?.logoUrl && <img className="home-index__logo" src={brand.logoUrl} alt="" />}
          {brandName}
        </h1>
        {/* Two lines of fixed height: the hello without a name until the user is known, so the
            name (any length, any script) fills in without moving the page below (decision 033). */}
        <p className="home-index__greeting">
          <span className="home-index__hello">
            {userInfo ? t('greeting', { name: userInfo.nickname }) : t('greetingNoName')}
          </span>{' '}
          <span className="home-index__tagline">{t('brandTagline')}</span>
        </p>
      </header>
      <Link to={paths.cinemaSearch()} className="search-entry">
        <SearchOutline aria-hidden />
        <span>{t('searchEntry')}</span>
      </Link>
      <Link to={paths.storeProductList()} className="entry-card">
        <ShopbagOutline className="entry-card__icon" aria-hidden />
        <span className="entry-card__text">
          <strong>{t('storeEntry')}</strong>
          <small>{t('storeEntryHint')}</small>
        </span>
        <RightOutline aria-hidden />
      </Link>
      <section className="home-index__films" aria-label={t('nowShowing')}>
        <div className="film-tabs" role="tablist">
          {tabs.map((tab) => (
            <button
              key={tab.status}
              type="button"
              role="tab"
              id={`films-tab-${tab.status}`}
              aria-selected={status === tab.status}
              aria-controls="films-panel"
              className="film-tabs__tab"
              onClick={() =>
                setParams(tab.status === 'showing' ? {} : { status: tab.status }, { replace: true })
              }
            >
              {t(tab.label)}
            </button>
          ))}
        </div>
        <div id="films-panel" role="tabpanel" aria-labelledby={`films-tab-${status}`}>
          <Suspense fallback={<FilmListSkeleton />}>
            <FilmList status={status} />
          </Suspense>
        </div>
      </section>
    </div>
  );
}
