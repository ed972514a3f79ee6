import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SearchOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { QueryView } from '@/components/ui/query-view';
import { nearQueryOf, useLocationWithRetry } from '@/lib/location';
import { getCinemaList } from '../api/get-cinema-list';
import { cinemaMessages } from '../cinema-messages';
import { CinemaListItem } from './cinema-list-item';
import './cinema.css';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

const PAGE_SIZE = 20;

/** /home/cinema: nearest first when the visitor shares their location, otherwise by name. */
export function NearbyCinemas() {
  const t = cinemaMessages.useT();
  const [location, retryLocation] = useLocationWithRetry();
  const near = nearQueryOf(location);
  const list = useInfiniteQuery({
    queryKey: queryKeys.cinemas.nearby(near),
    queryFn: ({ pageParam }) => getCinemaList({ ...near, pageNum: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.pageNum + 1 : undefined),
    // Shown at once (by name, or by the last location); sorted again when the location arrives.
    placeholderData: keepPreviousData,
  });

  return (
    <div className="cinemas">
      <Link to={paths.cinemaSearch()} className="search-entry">
        <SearchOutline aria-hidden />
        <span>{t('searchPlaceholder')}</span>
      </Link>
      {/* One line of one height in every state: the list below never moves (CLS 0). */}
      <div className="cinemas__sort" role="status" data-testid="location-line">
        {location.status === 'locating' ? (
          <span>{t('locating')}</span>
        ) : location.status === 'located' ? (
          <span>{t('byDistance')}</span>
        ) : location.status === 'denied' ? (
          <span className="cinemas__sort-hint" data-testid="location-hint">
            {t('locationOffHint')}
          </span>
        ) : (
          <>
            <span className="cinemas__sort-hint" data-testid="location-late">
              {t('locationLate')}
            </span>
            <button type="button" className="cinemas__sort-retry" onClick={retryLocation}>
              {t('locationRetry')}
            </button>
          </>
        )}
      </div>
      <QueryView
        query={list}
        failureTitle={t('cinemasFailed')}
        isEmpty={(data) => data.pages[0]?.total === 0}
        empty={{ title: t('noCinemas') }}
      >
        {(data) => (
          <>
            <ul className="cinema-list">
              {data.pages
                .flatMap((page) => page.list)
                .map((cinema) => (
                  <CinemaListItem key={cinema.id} cinema={cinema} />
                ))}
            </ul>
            {list.hasNextPage && (
              <button
                type="button"
                className="button button--block load-more"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </button>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
