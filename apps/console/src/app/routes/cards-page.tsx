import { CardsView } from '@/features/cards/components/cards-view';
import { AreaPage } from './area-page';

export default function CardsPage() {
  return (
    <AreaPage area="cards">
      <CardsView />
    </AreaPage>
  );
}
