import { Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { isApiError } from '@/lib/api/api-error';
import { useApplyCoupon, useOrderCoupons } from '../api/coupons';
import { couponsMessages } from '../coupons-messages';
import { CouponCard } from './coupon-card';
import './coupons.css';

type Reason =
  'notYetValid' | 'expired' | 'wrongKind' | 'wrongFilm' | 'wrongCinema' | 'belowMinSpend';

/**
 * The coupon row of the pay area. The best usable coupon is applied when the order is first
 * shown; the user may change or remove it. Every change goes to the server, which re-prices the
 * order; `onPayAmount` gets the amount the paying calls will charge (yuan).
 */
export function CouponPicker(props: {
  orderId: string;
  isDisabled: boolean;
  onPayAmount: (payAmount: number) => void;
}) {
  const t = couponsMessages.useT();
  const { orderId, onPayAmount } = props;
  const coupons = useOrderCoupons(orderId);
  const apply = useApplyCoupon();
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState('');
  const hasChosen = useRef(false);
  const data = coupons.data;

  useEffect(() => {
    if (data) onPayAmount(data.payAmount);
  }, [data, onPayAmount]);

  const choose = (couponId: string | null) => {
    hasChosen.current = true;
    setError('');
    apply.mutate(
      { orderId, couponId },
      {
        onSuccess: (price) => {
          onPayAmount(price.payAmount);
          setOpen(false);
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : String(failure)),
      },
    );
  };

  // The best coupon, once, unless the order already has one or the user chose.
  useEffect(() => {
    if (!data || hasChosen.current || props.isDisabled) return;
    hasChosen.current = true;
    if (data.appliedCouponId || !data.bestCouponId) return;
    apply.mutate(
      { orderId, couponId: data.bestCouponId },
      { onSuccess: (price) => onPayAmount(price.payAmount) },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the options first load
  }, [data, props.isDisabled]);

  if (!data) return null;
  const usable = data.options.filter((option) => option.isUsable);
  return (
    <>
      <button
        type="button"
        className="coupon-row"
        data-testid="coupon-row"
        disabled={props.isDisabled || data.options.length === 0}
        onClick={() => setOpen(true)}
      >
        <span>{t('coupon')}</span>
        <span className="coupon-row__value" data-testid="coupon-discount">
          {data.appliedCouponId
            ? t('couponOff', { amount: formatYuan(yuanToFen(data.discountAmount)) })
            : usable.length === 0
              ? t('couponNoneUsable')
              : t('couponNone')}
        </span>
        <RightOutline aria-hidden />
      </button>
      {error && (
        <p className="coupon-error" role="alert">
          {error}
        </p>
      )}
      <Popup
        visible={isOpen}
        onMaskClick={() => setOpen(false)}
        bodyClassName="coupon-sheet"
        destroyOnClose
      >
        <h2 className="coupon-sheet__title">{t('chooseTitle')}</h2>
        <div className="coupon-sheet__list">
          {data.options.map((option) => (
            <button
              type="button"
              key={option.couponId}
              className={`coupon-option${option.couponId === data.appliedCouponId ? ' coupon-option--chosen' : ''}`}
              disabled={!option.isUsable || apply.isPending}
              aria-pressed={option.couponId === data.appliedCouponId}
              onClick={() => choose(option.couponId)}
            >
              <CouponCard
                coupon={option}
                isMuted={!option.isUsable}
                extra={
                  <p className="coupon-option__note">
                    {option.isUsable
                      ? t('couponOff', { amount: formatYuan(yuanToFen(option.discountAmount)) })
                      : `${t('notUsable')} · ${t((option.reason ?? 'expired') as Reason)}`}
                  </p>
                }
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className="coupon-sheet__none"
          disabled={apply.isPending}
          onClick={() => choose(null)}
        >
          {t('couponNone')}
        </button>
      </Popup>
    </>
  );
}
