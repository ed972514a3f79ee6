import { couponStates, type CouponState } from '@marquee/contracts';
import { Tabs } from 'antd-mobile';
import { Toast } from '@/lib/antd-mobile-imperative';
import { useState } from 'react';
import { useCouponList, useRedeemCoupon } from '@/features/coupons/api/coupons';
import { CouponCard } from '@/features/coupons/components/coupon-card';
import { couponsMessages } from '@/features/coupons/coupons-messages';
import { isApiError } from '@/lib/api/api-error';
import '@/features/coupons/components/coupons.css';

/** 我的 → 优惠券: redeem a promo code; the user's coupons by state (usable, used, expired). */
export default function AccountCouponsPage() {
  const t = couponsMessages.useT();
  const coupons = useCouponList();
  const redeem = useRedeemCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [tab, setTab] = useState<CouponState>('usable');

  const submit = () => {
    setError('');
    redeem.mutate(code, {
      onSuccess: ({ coupon }) => {
        setCode('');
        setTab('usable');
        Toast.show({ icon: 'success', content: t('redeemed', { title: coupon.title }) });
      },
      onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
    });
  };

  const list = coupons.data?.list ?? [];
  return (
    <div className="coupons-page">
      <form
        className="coupon-redeem"
        aria-label={t('redeemTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) submit();
        }}
      >
        <input
          aria-label={t('redeemTitle')}
          placeholder={t('redeemPlaceholder')}
          value={code}
          maxLength={40}
          autoCapitalize="characters"
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" disabled={!code.trim() || redeem.isPending}>
          {t('redeem')}
        </button>
      </form>
      {error && (
        <p className="coupon-error" role="alert">
          {error}
        </p>
      )}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as CouponState)}>
        {couponStates.map((state) => {
          const shown = list.filter((coupon) => coupon.state === state);
          return (
            <Tabs.Tab key={state} title={`${t(state)} (${shown.length})`}>
              <div className="coupon-list">
                {shown.length === 0 && coupons.data && <p className="coupon-empty">{t('empty')}</p>}
                {shown.map((coupon) => (
                  <CouponCard key={coupon.couponId} coupon={coupon} isMuted={state !== 'usable'} />
                ))}
              </div>
            </Tabs.Tab>
          );
        })}
      </Tabs>
    </div>
  );
}
