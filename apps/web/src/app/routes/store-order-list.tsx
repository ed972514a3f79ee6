import { OrderPages } from '@/features/orders/components/order-list';

/** /store/order/list (spec §2): the user's store orders, newest first, a page at a time. */
export default function StoreOrderListPage() {
  return (
    <div className="orders">
      <OrderPages kind="store" />
    </div>
  );
}
