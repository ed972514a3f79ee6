import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { payParamFor } from '@marquee/contracts';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { useUserCards } from '@/features/cards/api/get-user-cards';
import { OrderConfirmation } from '@/features/film-order/components/order-confirmation';
import {
  PayPanelProvider,
  type PayPanelSlotProps,
} from '@/features/film-order/components/pay-panel-slot';
import { filmOrderStore } from '@/features/film-order/hooks/use-film-order';
import { PayPanel } from '@/features/payment/components/pay-panel';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import { paths } from '@/lib/paths';

/** /cinema/order?showId= (spec §2): the held order, its countdown and the pay area. */
export default function CinemaOrderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const cards = useUserCards();
  const [isSettingPassword, setSettingPassword] = useState(false);
  const showId = params.get('showId') ?? '';

  const onPaid = useCallback(
    (orderId: string) => {
      filmOrderStore.reset();
      navigate(paths.orderDetail(orderId), { replace: true });
    },
    [navigate],
  );
  const renderPay = (slot: PayPanelSlotProps) => (
    <PayPanel
      param={payParamFor('film', slot.order.id)}
      total={slot.order.total}
      phone={slot.phone}
      isExpired={slot.isExpired}
      storeCard={cards.data?.storeCard ?? (cards.isError ? [] : undefined)}
      hasPayPassword={user?.hasPayPassword ?? false}
      onSetPassword={() => setSettingPassword(true)}
      onPaid={onPaid}
    />
  );

  return (
    <PayPanelProvider value={renderPay}>
      <OrderConfirmation key={showId} showId={showId} defaultPhone={user?.phone ?? ''} />
      <PayPasswordSheet
        visible={isSettingPassword}
        hasPayPassword={user?.hasPayPassword ?? false}
        onClose={() => setSettingPassword(false)}
        onSaved={() => {
          setSettingPassword(false);
          void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
        }}
      />
    </PayPanelProvider>
  );
}
