import { GoodsView } from '@/features/goods/components/goods-view';
import { AreaPage } from './area-page';

export default function GoodsPage() {
  return (
    <AreaPage area="goods">
      <GoodsView />
    </AreaPage>
  );
}
