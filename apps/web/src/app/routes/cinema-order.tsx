import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '@/features/auth/api/get-user-info';
import { OrderConfirmation } from '@/features/film-order/components/order-confirmation';
import { filmOrderStore } from '@/features/film-order/film-order-store';
import { paths } from '@/lib/paths';
import { PayArea } from '../pay-area';

/** /cinema/order?showId= (spec §2): the held order, its countdown and the pay area. */
export default function CinemaOrderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const showId = params.get('showId') ?? '';

  const onPaid = useCallback(
    (orderId: string) => {
      filmOrderStore.reset();
      navigate(paths.orderDetail(orderId), { replace: true });
    },
    [navigate],
  );

  return (
    <OrderConfirmation
      key={showId}
      showId={showId}
      defaultPhone={user?.phone ?? ''}
      renderPay={(slot) => <PayArea {...slot} onPaid={onPaid} />}
    />
  );
}
