import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SearchOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { QueryView } from '@/components/ui/query-view';
import { nearQueryOf, useLocation } from '@/lib/location';
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
  const location = useLocation();
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
      {location.status === 'locating' ? (
        <p className="cinemas__sort" role="status">
          {t('locating')}
        </p>
      ) : location.status === 'located' ? (
        <p className="cinemas__sort">{t('byDistance')}</p>
      ) : (
        <p className="cinemas__sort cinemas__sort--hint" data-testid="location-hint">
          <strong>{t('byName')}</strong> {t('locationOffHint')}
        </p>
      )}
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
