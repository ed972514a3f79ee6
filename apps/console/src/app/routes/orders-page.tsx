import { canRefundOrders } from '@marquee/contracts/console';
import { useMe } from '@/features/auth/api/use-me';
import { AbnormalRefunds } from '@/features/orders/components/abnormal-refunds';
import { OrderSearch } from '@/features/orders/components/order-search';
import { AreaPage } from './area-page';

export default function OrdersPage() {
  const me = useMe();
  return (
    <AreaPage area="orders">
      {me.data && canRefundOrders(me.data.role) && <AbnormalRefunds canRefund />}
      {me.data && <OrderSearch canRefund={canRefundOrders(me.data.role)} />}
    </AreaPage>
  );
}
