import { formatYuan, yuanToFen } from '@marquee/contracts';
import { Link } from 'react-router';
import type { ShowSummary } from '@marquee/contracts';
import { cinemaTimeOf } from '@/lib/show-time';
import { cinemaMessages } from '../cinema-messages';
import { filmMessages } from '../film-messages';
import { paths } from '@/lib/paths';

/**
 * A cinema's shows of one film, Maoyan style: time and end, language and hall, price, "购票".
 * `hrefOf` and `actionLabel` send a tap elsewhere than the seat map (a ticket exchange).
 */
export function ShowList(props: {
  shows: readonly ShowSummary[];
  hrefOf?: (show: ShowSummary) => string;
  actionLabel?: string;
}) {
  const t = cinemaMessages.useT();
  const f = filmMessages.useT();
  return (
    <ul className="show-list">
      {props.shows.map((show) => {
        const start = cinemaTimeOf(show.startAt);
        return (
          <li key={show.showId} className="show-row">
            <Link
              to={props.hrefOf ? props.hrefOf(show) : paths.cinemaSeat(show.showId)}
              className="show-row__link"
              aria-label={`${t('showAria', {
                time: start,
                language: show.language,
                format: show.format,
                hall: show.hallName,
                price: formatYuan(yuanToFen(show.discountPrice)),
              })}${heatWord(t, show)}`}
              data-heat={show.heat}
            >
              <span className="show-row__time">
                <strong>{start}</strong>
                <small>{t('endsAt', { time: cinemaTimeOf(show.endAt) })}</small>
              </span>
              <span className="show-row__hall">
                <span>
                  {show.language} {show.format} <ShowHeatBadge show={show} />
                </span>
                <small>{show.hallName}</small>
              </span>
              <span className="show-row__price">
                <strong>¥{formatYuan(yuanToFen(show.discountPrice))}</strong>
                {show.price > show.discountPrice && <s>¥{formatYuan(yuanToFen(show.price))}</s>}
              </span>
              <span className="show-row__buy" aria-hidden>
                {props.actionLabel ?? f('buy')}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Start times as compact chips, for a cinema listed under a film. */
export function ShowChips(props: { shows: readonly ShowSummary[] }) {
  const t = cinemaMessages.useT();
  return (
    <ul className="show-chips">
      {props.shows.map((show) => {
        const start = cinemaTimeOf(show.startAt);
        return (
          <li key={show.showId}>
            <Link
              to={paths.cinemaSeat(show.showId)}
              className="show-chip"
              aria-label={`${t('showAria', {
                time: start,
                language: show.language,
                format: show.format,
                hall: show.hallName,
                price: formatYuan(yuanToFen(show.discountPrice)),
              })}${heatWord(t, show)}`}
              data-heat={show.heat}
            >
              <ShowHeatBadge show={show} />
              <strong>{start}</strong>
              <small>
                {show.language} {show.format}
              </small>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

type CinemaT = (typeof cinemaMessages)['translate'];

/** "，紧张" / ", Few left" for a show's spoken name, or nothing. */
function heatWord(t: CinemaT, show: ShowSummary): string {
  if (show.heat === 'few') return ` ${t('heatFew')}`;
  if (show.heat === 'soldOut') return ` ${t('heatSoldOut')}`;
  return '';
}

/** 紧张 or 售罄 when the show is nearly or wholly full (rule `showHeat`); nothing otherwise. */
function ShowHeatBadge(props: { show: ShowSummary }) {
  const t = cinemaMessages.useT();
  if (props.show.heat !== 'few' && props.show.heat !== 'soldOut') return null;
  return (
    <span className="show-heat" data-heat={props.show.heat} aria-hidden>
      {props.show.heat === 'few' ? t('heatFew') : t('heatSoldOut')}
    </span>
  );
}
