import { useBrandName } from '@/lib/brand';
import { useSearchParams } from 'react-router';
import { useFilmDetail } from '@/features/cinema/api/get-film-detail';
import { FilmDetail } from '@/features/cinema/components/film-detail';
import { useShareMessage } from '@/lib/messenger/use-share-message';
import { shareMessages } from './share-messages';
import { paths } from '@/lib/paths';

/** /cinema/film?filmId=&date= */
export default function CinemaFilmPage() {
  const [params, setParams] = useSearchParams();
  const filmId = params.get('filmId') ?? '';
  useFilmShareMessage(filmId);
  return (
    <FilmDetail
      filmId={filmId}
      date={params.get('date')}
      onDate={(date) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('date', date);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}

/** Shared in WeChat: the film's title, genres and poster, linking to this film. */
function useFilmShareMessage(filmId: string) {
  const t = shareMessages.useT();
  const appName = useBrandName();
  const { data: film } = useFilmDetail(filmId);
  useShareMessage(
    film
      ? {
          title: t('filmTitle', { title: film.title, appName }),
          desc: t('filmDesc', { genres: film.genres.join(' / '), minutes: film.durationMinutes }),
          link: paths.cinemaFilm(film.id),
          imgUrl: film.posterUrl,
        }
      : null,
  );
}
