import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { useUserCards } from '@/features/cards/api/get-user-cards';
import { PayPanel } from '@/features/payment/components/pay-panel';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import type { PaySlot } from '@/lib/pay-slot';

/**
 * The pay area of every page that takes money (/cinema/order, /store/order/payment): the pay panel
 * with the user's cards, and the sheet to set a pay password when card payment needs one.
 */
export function PayArea(
  props: PaySlot & {
    onPaid: (orderId: string) => void;
    /** Open the choice of method at once (the order was just made for paying). */
    isChoosingAtStart?: boolean;
  },
) {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const cards = useUserCards();
  const [isSettingPassword, setSettingPassword] = useState(false);
  const hasPayPassword = user?.hasPayPassword ?? false;
  return (
    <>
      <PayPanel
        param={props.param}
        total={props.total}
        phone={props.phone}
        isExpired={props.isExpired}
        storeCard={cards.data?.storeCard ?? (cards.isError ? [] : undefined)}
        hasPayPassword={hasPayPassword}
        onSetPassword={() => setSettingPassword(true)}
        onPaid={props.onPaid}
        isChoosingAtStart={props.isChoosingAtStart}
      />
      <PayPasswordSheet
        visible={isSettingPassword}
        hasPayPassword={hasPayPassword}
        onClose={() => setSettingPassword(false)}
        onSaved={() => {
          setSettingPassword(false);
          void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
        }}
      />
    </>
  );
}
