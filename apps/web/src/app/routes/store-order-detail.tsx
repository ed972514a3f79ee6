import { useSearchParams } from 'react-router';
import { StoreOrderDetailView } from '@/features/orders/components/store-order-detail-view';

/** /store/order/detail?orderId= (spec §2): items, pickup cinema, status and the pickup QR. */
export default function StoreOrderDetailPage() {
  const [params] = useSearchParams();
  return <StoreOrderDetailView orderId={params.get('orderId') ?? ''} />;
}
