import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { commonMessages } from '@/lib/i18n/common-messages';
import { nearQueryOf, useLocation } from '@/lib/location';
import { cinemaDateOf } from '@/lib/show-time';
import { useFilmDetail } from '../api/get-film-detail';
import { useFilmShows } from '../api/get-film-shows';
import { cinemaMessages } from '../cinema-messages';
import { filmMessages } from '../film-messages';
import { CinemaListItem } from './cinema-list-item';
import { DateTabs } from './date-tabs';
import { releaseText } from './film-card';
import { ShowChips } from './show-list';
import './cinema.css';
import { paths } from '@/lib/paths';

/** /cinema/film?filmId=&date=: the film, then the cinemas showing it on the chosen date. */
interface FilmDetailProps {
  filmId: string;
  date: string | null;
  onDate: (date: string) => void;
}

export function FilmDetail(props: FilmDetailProps) {
  const t = cinemaMessages.useT();
  const common = commonMessages.useT();
  const film = useFilmDetail(props.filmId);

  if (!props.filmId) {
    return (
      <EmptyState
        title={t('noFilm')}
        description={t('noFilmHint')}
        action={
          <Link to={paths.homeIndex()} className="button button--primary">
            {t('goHome')}
          </Link>
        }
      />
    );
  }
  return (
    <QueryView query={film} failureTitle={common('somethingWrong')}>
      {(data) => <FilmDetailView {...props} detail={data} />}
    </QueryView>
  );
}

function FilmDetailView(
  props: FilmDetailProps & { detail: NonNullable<ReturnType<typeof useFilmDetail>['data']> },
) {
  const t = cinemaMessages.useT();
  const f = filmMessages.useT();
  const [isSynopsisOpen, setSynopsisOpen] = useState(false);
  const { detail } = props;
  const today = cinemaDateOf(new Date());
  const date =
    props.date && detail.showDates.includes(props.date) ? props.date : detail.showDates[0];

  return (
    <div className="film-detail">
      <header className="film-hero">
        <div
          className="film-hero__backdrop"
          style={{ backgroundImage: `url("${detail.posterUrl}")` }}
          aria-hidden
        />
        <img className="film-hero__poster" src={detail.posterUrl} alt="" width={100} height={140} />
        <div className="film-hero__text">
          <h2 className="film-hero__title">{detail.title}</h2>
          <p className="film-hero__rating">
            {detail.rating !== null ? (
              <>
                <b>{detail.rating.toFixed(1)}</b> {f('rating')}
              </>
            ) : (
              f('noRating')
            )}
          </p>
          <p>{detail.genres.join(' / ')}</p>
          <p>
            {detail.country} / {f('minutes', { count: detail.durationMinutes })}
          </p>
          <p>{releaseText(detail.releaseDate)}</p>
        </div>
      </header>

      <section className="detail-section" aria-labelledby="film-synopsis">
        <h3 id="film-synopsis" className="detail-section__title">
          {t('synopsis')}
        </h3>
        <p className={`film-synopsis${isSynopsisOpen ? ' film-synopsis--open' : ''}`}>
          {detail.synopsis}
        </p>
        {detail.synopsis.length > 60 && (
          <button
            type="button"
            className="text-button"
            aria-expanded={isSynopsisOpen}
            onClick={() => setSynopsisOpen((open) => !open)}
          >
            {isSynopsisOpen ? t('less') : t('more')}
          </button>
        )}
      </section>

      <section className="detail-section" aria-labelledby="film-cast">
        <h3 id="film-cast" className="detail-section__title">
          {t('cast')}
        </h3>
        <ul className="cast-list">
          <li className="cast-list__person">
            <span className="cast-list__avatar" aria-hidden>
              {detail.director.slice(0, 1)}
            </span>
            <strong>{detail.director}</strong>
            <small>{t('director')}</small>
          </li>
          {detail.cast.map((person) => (
            <li key={`${person.name}-${person.role}`} className="cast-list__person">
              <span className="cast-list__avatar" aria-hidden>
                {person.name.slice(0, 1)}
              </span>
              <strong>{person.name}</strong>
              <small>{person.role}</small>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="film-showtimes"
        className="detail-section detail-section--flush"
        aria-labelledby="film-shows"
      >
        <h3 id="film-shows" className="detail-section__title">
          {t('cinemasWithShows')}
        </h3>
        {date ? (
          <>
            <DateTabs
              dates={detail.showDates}
              value={date}
              today={today}
              label={t('showDates')}
              onChange={props.onDate}
            />
            <FilmCinemas filmId={detail.id} date={date} />
          </>
        ) : (
          <EmptyState title={t('noShowsAtAll')} description={t('noShowsAtAllHint')} />
        )}
      </section>
      {date && <BuyBar label={t('buyTickets')} targetId="film-showtimes" />}
    </div>
  );
}

/**
 * The showtimes come after the synopsis and the cast: a bar kept at the bottom of the screen leads
 * to them, and goes away once they are on screen.
 */
function BuyBar(props: { label: string; targetId: string }) {
  const [isTargetInView, setTargetInView] = useState(false);
  useEffect(() => {
    const target = document.getElementById(props.targetId);
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // "On screen" once it reaches the upper 60 % of the screen: a heading peeking in at the bottom
    // is not yet the showtimes.
    const observer = new IntersectionObserver(
      ([entry]) => setTargetInView(entry?.isIntersecting ?? false),
      { rootMargin: '0px 0px -40% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [props.targetId]);
  if (isTargetInView) return null;
  return (
    <div className="buy-bar">
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() =>
          document
            .getElementById(props.targetId)
            ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
        }
      >
        {props.label}
      </button>
    </div>
  );
}

function FilmCinemas(props: { filmId: string; date: string }) {
  const t = cinemaMessages.useT();
  const location = useLocation();
  const shows = useFilmShows({ filmId: props.filmId, date: props.date, ...nearQueryOf(location) });
  return (
    <QueryView
      query={shows}
      failureTitle={t('cinemasFailed')}
      isEmpty={(data) => data.cinemas.length === 0}
      empty={{ title: t('noShowsOnDate'), description: t('noShowsOnDateHint') }}
    >
      {(data) => (
        <ul className="cinema-list" aria-busy={shows.isFetching}>
          {data.cinemas.map(({ cinema, shows: cinemaShows }) => (
            <CinemaListItem
              key={cinema.id}
              cinema={cinema}
              to={paths.cinemaDetail(cinema.id, { filmId: props.filmId, date: props.date })}
            >
              <ShowChips shows={cinemaShows} />
            </CinemaListItem>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
