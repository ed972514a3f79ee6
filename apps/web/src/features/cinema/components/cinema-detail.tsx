import { useEffect, useRef, type RefObject } from 'react';
import { EnvironmentOutline, PhonebookOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { commonMessages } from '@/lib/i18n/common-messages';
import { nearQueryOf, useLocation } from '@/lib/location';
import { cinemaDateOf } from '@/lib/show-time';
import { useCinemaDetail } from '../api/get-cinema-detail';
import { useCinemaShows } from '../api/get-cinema-shows';
import { cinemaMessages } from '../cinema-messages';
import { filmMessages } from '../film-messages';
import { DateTabs } from './date-tabs';
import { formatDistance } from './format';
import { ShowList } from './show-list';
import './cinema.css';
import { paths } from '@/lib/paths';

/** /cinema/detail?cinemaId=&date=&filmId=: the cinema, its dates, its films and their shows. */
interface CinemaDetailProps {
  cinemaId: string;
  date: string | null;
  filmId: string | null;
  onChange: (next: { date?: string; filmId?: string }) => void;
}

export function CinemaDetail(props: CinemaDetailProps) {
  const t = cinemaMessages.useT();
  const common = commonMessages.useT();
  const location = useLocation();
  const detail = useCinemaDetail({ cinemaId: props.cinemaId, ...nearQueryOf(location) });

  if (!props.cinemaId) {
    return (
      <EmptyState
        title={t('noCinema')}
        description={t('noCinemaHint')}
        action={
          <Link to={paths.homeCinema()} className="button button--primary">
            {t('goCinemas')}
          </Link>
        }
      />
    );
  }
  return (
    <QueryView query={detail} failureTitle={common('somethingWrong')}>
      {(data) => <CinemaDetailView {...props} data={data} />}
    </QueryView>
  );
}

function CinemaDetailView(
  props: CinemaDetailProps & { data: NonNullable<ReturnType<typeof useCinemaDetail>['data']> },
) {
  const t = cinemaMessages.useT();
  const { cinema, showDates } = props.data;
  const today = cinemaDateOf(new Date());
  const date = props.date && showDates.includes(props.date) ? props.date : showDates[0];
  const distance = formatDistance(cinema.distanceMeters);

  return (
    <div className="cinema-detail">
      <header className="cinema-head">
        <h2 className="cinema-head__name">{cinema.name}</h2>
        <div className="cinema-head__row">
          <p className="cinema-head__address">
            <EnvironmentOutline aria-hidden />{' '}
            <span className="visually-hidden">{t('address')}</span>
            {cinema.address}
            {distance && <span className="cinema-head__distance"> · {distance}</span>}
          </p>
          <a
            className="cinema-head__call"
            href={`tel:${cinema.phone.replace(/[^\d+]/g, '')}`}
            aria-label={t('call', { phone: cinema.phone })}
          >
            <PhonebookOutline aria-hidden />
          </a>
        </div>
        {cinema.tags.length > 0 && (
          <p className="cinema-item__tags">
            {cinema.tags.map((tag) => (
              <span key={tag} className="tag">
                {tag}
              </span>
            ))}
          </p>
        )}
      </header>
      {date ? (
        <>
          <DateTabs
            dates={showDates}
            value={date}
            today={today}
            label={t('showDates')}
            onChange={(next) => props.onChange({ date: next })}
          />
          <CinemaFilms
            cinemaId={cinema.id}
            date={date}
            filmId={props.filmId}
            onFilm={(filmId) => props.onChange({ filmId })}
          />
        </>
      ) : (
        <EmptyState title={t('noShowsOnDate')} description={t('noShowsOnDateHint')} />
      )}
    </div>
  );
}

function CinemaFilms(props: {
  cinemaId: string;
  date: string;
  filmId: string | null;
  onFilm: (filmId: string) => void;
}) {
  const t = cinemaMessages.useT();
  const shows = useCinemaShows({ cinemaId: props.cinemaId, date: props.date });
  const selectedPoster = useRef<HTMLButtonElement | null>(null);
  const selectedId = shows.data?.films.find((entry) => entry.film.id === props.filmId)?.film.id;
  // A film chosen elsewhere (the film page, a shared link) is brought into view in the strip.
  useEffect(() => {
    selectedPoster.current?.scrollIntoView({ inline: 'center', block: 'nearest' });
  }, [selectedId]);
  return (
    <QueryView
      query={shows}
      failureTitle={t('cinemasFailed')}
      isEmpty={(data) => data.films.length === 0}
      empty={{ title: t('noShowsOnDate'), description: t('noShowsOnDateHint') }}
    >
      {(data) => (
        <FilmStrip
          films={data.films}
          filmId={props.filmId}
          onFilm={props.onFilm}
          selectedPoster={selectedPoster}
        />
      )}
    </QueryView>
  );
}

function FilmStrip(props: {
  films: NonNullable<ReturnType<typeof useCinemaShows>['data']>['films'];
  filmId: string | null;
  onFilm: (filmId: string) => void;
  selectedPoster: RefObject<HTMLButtonElement | null>;
}) {
  const t = cinemaMessages.useT();
  const f = filmMessages.useT();
  const { films, selectedPoster } = props;
  const selected = films.find((entry) => entry.film.id === props.filmId) ?? films[0]!;
  const { film } = selected;
  return (
    <section className="cinema-films" aria-label={t('films')}>
      <div className="poster-strip" role="tablist" aria-label={t('films')}>
        {films.map((entry) => {
          const isSelected = entry.film.id === film.id;
          return (
            <button
              key={entry.film.id}
              ref={isSelected ? selectedPoster : undefined}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-label={t('filmPickAria', { title: entry.film.title })}
              className={`poster-strip__item${isSelected ? ' poster-strip__item--selected' : ''}`}
              onClick={() => props.onFilm(entry.film.id)}
            >
              <img src={entry.film.posterUrl} alt="" width={72} height={100} loading="lazy" />
            </button>
          );
        })}
      </div>
      <div className="cinema-films__film">
        <h3>
          {film.title}
          {film.rating !== null && <b className="film-card__rating"> {film.rating.toFixed(1)}</b>}
        </h3>
        <p>
          {[f('minutes', { count: film.durationMinutes }), film.genres.join(' / ')]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <ShowList shows={selected.shows} />
    </section>
  );
}
