import { CinemaSearch } from '@/features/cinema/components/cinema-search';

export default function CinemaSearchPage() {
  return <CinemaSearch />;
}
