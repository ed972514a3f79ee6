import { useSearchParams } from 'react-router';
import { OrderDetailView } from '@/features/orders/components/order-detail-view';

/** /order/detail?orderId= (spec §2): a film order with its ticket, payments and refund. */
export default function OrderDetailPage() {
  const [params] = useSearchParams();
  return <OrderDetailView orderId={params.get('orderId') ?? ''} />;
}
