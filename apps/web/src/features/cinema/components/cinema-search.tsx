import { useEffect, useState } from 'react';
import { SearchOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { nearQueryOf, useLocation } from '@/lib/location';
import { useCinemaList } from '../api/get-cinema-list';
import { cinemaMessages } from '../cinema-messages';
import { CinemaListItem } from './cinema-list-item';
import './cinema.css';

const DEBOUNCE_MS = 300;

/** /cinema/search?keyword=: the keyword lives in the URL, so a reload or a shared link keeps it. */
export function CinemaSearch() {
  const t = cinemaMessages.useT();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const [text, setText] = useState(keyword);
  const location = useLocation();

  // Typing updates the URL (and so the search) once the visitor pauses.
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === keyword) return;
    const timer = setTimeout(() => {
      setParams(trimmed ? { keyword: trimmed } : {}, { replace: true });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, keyword, setParams]);

  const results = useCinemaList(
    { keyword, pageSize: 50, ...nearQueryOf(location) },
    { enabled: keyword !== '' },
  );

  return (
    <div className="cinemas">
      <form
        role="search"
        className="search-box"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { keyword: text.trim() } : {}, { replace: true });
        }}
      >
        <SearchOutline aria-hidden className="search-box__icon" />
        <input
          type="search"
          className="search-box__input"
          aria-label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={text}
          enterKeyHint="search"
          autoFocus
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      {keyword === '' ? (
        <EmptyState
          icon={<SearchOutline />}
          title={t('searchStart')}
          description={t('searchStartHint')}
        />
      ) : (
        <QueryView
          query={results}
          failureTitle={t('cinemasFailed')}
          isEmpty={(data) => data.list.length === 0}
          empty={{ title: t('searchNone'), description: t('searchNoneHint', { keyword }) }}
        >
          {(data) => (
            <ul className="cinema-list" aria-busy={results.isFetching}>
              {data.list.map((cinema) => (
                <CinemaListItem key={cinema.id} cinema={cinema} />
              ))}
            </ul>
          )}
        </QueryView>
      )}
    </div>
  );
}
