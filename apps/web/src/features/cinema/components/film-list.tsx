import type { FilmStatus } from '@marquee/contracts';
import { QueryView } from '@/components/ui/query-view';
import { FIRST_SCREEN_FILMS, useFilmList } from '../api/get-film-list';
import { filmMessages } from '../film-messages';
import { FilmCard } from './film-card';
import { FilmListSkeleton } from './film-list-skeleton';
import './cinema.css';

/** Films showing or coming soon. */
export function FilmList(props: { status: FilmStatus }) {
  const t = filmMessages.useT();
  const films = useFilmList(props.status);
  return (
    <QueryView
      query={films}
      loading={<FilmListSkeleton />}
      failureTitle={t('filmsFailed')}
      isEmpty={(data) => data.list.length === 0}
      empty={{
        title: t('noFilms'),
        description: props.status === 'showing' ? t('noFilmsShowing') : t('noFilmsComing'),
      }}
    >
      {(data) => (
        <ul className="film-list" data-testid={`films-${props.status}`}>
          {data.list.map((film, index) => (
            <FilmCard key={film.id} film={film} isFirstScreen={index < FIRST_SCREEN_FILMS} />
          ))}
        </ul>
      )}
    </QueryView>
  );
}
