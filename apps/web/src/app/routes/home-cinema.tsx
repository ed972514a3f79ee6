import { NearbyCinemas } from '@/features/cinema/components/nearby-cinemas';

export default function HomeCinemaPage() {
  return <NearbyCinemas />;
}
