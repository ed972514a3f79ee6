import { OrderList } from '@/features/orders/components/order-list';

/** /home/order (spec §2): the user's orders, tickets and store. */
export default function HomeOrderPage() {
  return <OrderList />;
}
