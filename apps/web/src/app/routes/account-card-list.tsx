import { CardRecords } from '@/features/cards/components/card-records';
import { CardTiles } from '@/features/cards/components/card-tiles';

export default function AccountCardListPage() {
  return (
    <div className="card-list-page">
      <CardTiles />
      <CardRecords />
    </div>
  );
}
