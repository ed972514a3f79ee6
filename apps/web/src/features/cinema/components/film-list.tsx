import type { FilmStatus } from '@marquee/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { FailureBlock } from '@/components/ui/failure-block';
import { useFilmList } from '../api/get-film-list';
import { filmMessages } from '../film-messages';
import { FilmCard } from './film-card';
import { FilmListSkeleton } from './film-list-skeleton';
import './cinema.css';

/** Films showing or coming soon. */
export function FilmList(props: { status: FilmStatus }) {
  const t = filmMessages.useT();
  const films = useFilmList(props.status);
  if (films.isPending) return <FilmListSkeleton />;
  if (films.isError) {
    return (
      <FailureBlock
        title={t('filmsFailed')}
        message={films.error.message}
        onRetry={() => void films.refetch()}
      />
    );
  }
  if (films.data.list.length === 0) {
    return (
      <EmptyState
        title={t('noFilms')}
        description={props.status === 'showing' ? t('noFilmsShowing') : t('noFilmsComing')}
      />
    );
  }
  return (
    <ul className="film-list" data-testid={`films-${props.status}`}>
      {films.data.list.map((film) => (
        <FilmCard key={film.id} film={film} />
      ))}
    </ul>
  );
}
