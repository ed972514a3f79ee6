import { canRefundOrders } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { OrderSearch } from '@/features/orders/components/order-search';
import { AreaPage } from './area-page';

export default function OrdersPage() {
  const me = useMe();
  return (
    <AreaPage area="orders">
      {me.data && <OrderSearch canRefund={canRefundOrders(me.data.role)} />}
    </AreaPage>
  );
}
