import { cinemaDateOf, type Coupon } from '@marquee/contracts';
import type { ReactNode } from 'react';
import { couponsMessages } from '../coupons-messages';

const scopeLabel = { tickets: 'scopeTickets', goods: 'scopeGoods', both: 'scopeBoth' } as const;

/** The date a coupon ends, on the cinemas' clock (2026-12-31). */
function dayOf(iso: string): string {
  return cinemaDateOf(iso);
}

/** One coupon as a ticket stub: the discount on the left, its terms on the right. */
export function CouponCard(props: { coupon: Coupon; isMuted?: boolean; extra?: ReactNode }) {
  const t = couponsMessages.useT();
  const { coupon } = props;
  return (
    <div
      className={`coupon-card${props.isMuted ? ' coupon-card--muted' : ''}`}
      data-testid="coupon-card"
    >
      <div className="coupon-card__value">
        <strong>
          {coupon.discountKind === 'amount'
            ? t('amountOff', { value: coupon.discountValue })
            : t('percentOff', { value: coupon.discountValue })}
        </strong>
        <span>
          {coupon.minSpend > 0 ? t('minSpend', { min: coupon.minSpend }) : t('noMinSpend')}
        </span>
      </div>
      <div className="coupon-card__terms">
        <p className="coupon-card__title">{coupon.title}</p>
        <p>
          {t(scopeLabel[coupon.scope])}
          {coupon.cap !== null && ` · ${t('cap', { cap: coupon.cap })}`}
        </p>
        {coupon.filmNames.length > 0 && (
          <p>{t('onlyFilms', { names: coupon.filmNames.join('、') })}</p>
        )}
        {coupon.cinemaNames.length > 0 && (
          <p>{t('onlyCinemas', { names: coupon.cinemaNames.join('、') })}</p>
        )}
        <p>{t('validUntil', { date: dayOf(coupon.validTo) })}</p>
        {props.extra}
      </div>
    </div>
  );
}
