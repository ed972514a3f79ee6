import { useMe } from '@/features/auth/api/use-me';
import { GoodsView } from '@/features/goods/components/goods-view';
import { AreaPage } from './area-page';

export default function GoodsPage() {
  const me = useMe();
  return (
    <AreaPage area="goods">
      <GoodsView
        coveredCinemaIds={(me.data?.cinemas ?? []).map((cinema) => cinema.id)}
        cinemas={me.data?.cinemas ?? []}
      />
    </AreaPage>
  );
}
