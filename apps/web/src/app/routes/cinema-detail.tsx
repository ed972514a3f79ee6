import { useBrandName } from '@/lib/brand';
import { useSearchParams } from 'react-router';
import { useCinemaDetail } from '@/features/cinema/api/get-cinema-detail';
import { CinemaDetail } from '@/features/cinema/components/cinema-detail';
import { nearQueryOf, useLocation } from '@/lib/location';
import { useShareMessage } from '@/lib/messenger/use-share-message';
import { shareMessages } from './share-messages';
import { paths } from '@/lib/paths';

/** /cinema/detail?cinemaId=&date=&filmId= */
export default function CinemaDetailPage() {
  const [params, setParams] = useSearchParams();
  useCinemaShareMessage(params.get('cinemaId') ?? '');
  return (
    <CinemaDetail
      cinemaId={params.get('cinemaId') ?? ''}
      date={params.get('date')}
      filmId={params.get('filmId')}
      onChange={(change) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const [key, value] of Object.entries(change)) if (value) next.set(key, value);
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}

/** Shared in WeChat: the cinema's name and address, linking to this cinema. */
function useCinemaShareMessage(cinemaId: string) {
  const t = shareMessages.useT();
  const appName = useBrandName();
  // The same query as the page's (location included), so it is answered from the cache.
  const location = useLocation();
  const { data } = useCinemaDetail({ cinemaId, ...nearQueryOf(location) });
  useShareMessage(
    data && cinemaId
      ? {
          title: t('cinemaTitle', { name: data.cinema.name, appName }),
          desc: t('cinemaDesc', { address: data.cinema.address }),
          link: paths.cinemaDetail(data.cinema.id),
          imgUrl: '/favicon.svg',
        }
      : null,
  );
}
