import { Link } from 'react-router';
import type { FilmSummary } from '@marquee/contracts';
import { filmMessages } from '../film-messages';
import { paths } from '@/lib/paths';

const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "11月28日上映" from a YYYY-MM-DD release date. */
export function releaseText(date: string): string {
  const [, month = 1, day = 1] = date.split('-').map(Number);
  return filmMessages.translate('releaseOn', {
    month,
    day,
    monthName: monthNames[month - 1] ?? '',
  });
}

/** A film in a list, Maoyan style: poster, title, rating, genres, and a "购票" button. */
export function FilmCard(props: { film: FilmSummary; isFirstScreen?: boolean }) {
  const t = filmMessages.useT();
  const { film } = props;
  const isShowing = film.status === 'showing';
  return (
    <li className="film-card">
      <Link to={paths.cinemaFilm(film.id)} className="film-card__link">
        <img
          className="film-card__poster"
          src={film.posterUrl}
          alt=""
          width={64}
          height={90}
          loading={props.isFirstScreen ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="film-card__body">
          <strong className="film-card__title">{film.title}</strong>
          <span className="film-card__line">
            {film.rating !== null ? (
              <>
                {t('rating')} <b className="film-card__rating">{film.rating.toFixed(1)}</b>
              </>
            ) : (
              t('noRating')
            )}
          </span>
          <span className="film-card__line">{film.genres.join(' / ')}</span>
          <span className="film-card__line">
            {isShowing
              ? t('minutes', { count: film.durationMinutes })
              : releaseText(film.releaseDate)}
          </span>
        </span>
      </Link>
      <Link
        to={paths.cinemaFilm(film.id)}
        className={`film-card__action${isShowing ? '' : ' film-card__action--quiet'}`}
        aria-label={`${isShowing ? t('buy') : t('preview')} ${film.title}`}
      >
        {isShowing ? t('buy') : t('preview')}
      </Link>
    </li>
  );
}
