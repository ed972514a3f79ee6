import { useSearchParams } from 'react-router';
import { SeatPicker } from '@/features/film-order/components/seat-picker';

/** /cinema/seat?showId= */
export default function CinemaSeatPage() {
  const [params] = useSearchParams();
  const showId = params.get('showId') ?? '';
  return <SeatPicker key={showId} showId={showId} />;
}
