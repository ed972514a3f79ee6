import { formatYuan, yuanToFen } from '@marquee/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CinemaSummary } from '@marquee/contracts';
import { cinemaMessages } from '../cinema-messages';
import { formatDistance } from './format';
import { paths } from '@/lib/paths';

/** A cinema in a list: name and price, address and distance, its service tags. */
export function CinemaListItem(props: {
  cinema: CinemaSummary;
  to?: string;
  children?: ReactNode;
}) {
  const t = cinemaMessages.useT();
  const { cinema } = props;
  const distance = formatDistance(cinema.distanceMeters);
  return (
    <li className="cinema-item">
      <Link to={props.to ?? paths.cinemaDetail(cinema.id)} className="cinema-item__link">
        <span className="cinema-item__top">
          <strong className="cinema-item__name">{cinema.name}</strong>
          {cinema.minPrice !== null && (
            <span className="cinema-item__price">
              {t('fromPrice', { price: formatYuan(yuanToFen(cinema.minPrice)) })}
            </span>
          )}
        </span>
        <span className="cinema-item__bottom">
          <span className="cinema-item__address">{cinema.address}</span>
          {distance && <span className="cinema-item__distance">{distance}</span>}
        </span>
        {cinema.tags.length > 0 && (
          <span className="cinema-item__tags">
            {cinema.tags.slice(0, 4).map((tag) => (
              <span key={tag} className="tag">
                {tag}
              </span>
            ))}
          </span>
        )}
      </Link>
      {props.children}
    </li>
  );
}
