import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { useUserCards } from '@/features/cards/api/get-user-cards';
import { CouponPicker } from '@/features/coupons/components/coupon-picker';
import { PayPanel } from '@/features/payment/components/pay-panel';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import type { PaySlot } from '@/lib/pay-slot';

/**
 * The pay area of every page that takes money (/cinema/order, /store/order/payment): the pay panel
 * with the user's cards, the coupon row (the best coupon applied; the price shown is what the
 * server charges), and the sheet to set a pay password when card payment needs one.
 */
export function PayArea(
  props: PaySlot & {
    onPaid: (orderId: string) => void;
    /** Open the choice of method at once (the order was just made for paying). */
    isChoosingAtStart?: boolean;
    /** Offer coupons (not for an exchange's difference: the order's coupon stays with it). */
    hasCoupons?: boolean;
  },
) {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const cards = useUserCards();
  const [isSettingPassword, setSettingPassword] = useState(false);
  const hasPayPassword = user?.hasPayPassword ?? false;
  // What the paying calls charge: the server's price with the order's coupon (decision 024).
  const [payAmount, setPayAmount] = useState<number | null>(null);
  return (
    <>
      {props.hasCoupons !== false && (
        <CouponPicker
          orderId={props.param.orderId}
          isDisabled={props.isExpired}
          onPayAmount={setPayAmount}
        />
      )}
      <PayPanel
        param={props.param}
        total={payAmount ?? props.total}
        goodsTotal={props.goodsTotal}
        phone={props.phone}
        isExpired={props.isExpired}
        storeCard={cards.data?.storeCard ?? (cards.isError ? [] : undefined)}
        hasPayPassword={hasPayPassword}
        payPasswordLockedUntil={user?.payPasswordLockedUntil ?? null}
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
