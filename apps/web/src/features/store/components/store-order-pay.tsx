import { useEffect } from 'react';
import { EnvironmentOutline } from 'antd-mobile-icons';
import {
  formatYuan,
  payParamFor,
  yuanToFen,
  type OrderDetail,
  maskPhone,
} from '@marquee/contracts';
import type { RenderPay } from '@/lib/pay-slot';
import { Link, useNavigate } from 'react-router';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { EmptyState } from '@/components/ui/empty-state';
import { DeadlineBanner } from '@/components/ui/deadline-banner';
import { useCountdown } from '@/lib/use-countdown';
import { MAX_LINE_QUANTITY } from '../goods-rules';
import { cartStore } from '../hooks/use-cart';
import { storeMessages } from '../store-messages';
import { LineThumb } from './line-thumb';
import './store.css';
import './checkout.css';
import { paths } from '@/lib/paths';

/**
 * /store/order/payment?orderId=: an order made and not paid yet, its deadline counting down (the
 * stock stays reserved until then), and the pay area. A failed or cancelled payment stays here to
 * pay the same order again.
 */
export function StoreOrderPay(props: {
  order: OrderDetail;
  /** Server clock minus the phone's. */
  offsetMs: number;
  renderPay: RenderPay;
  onCancel: (orderId: string) => Promise<unknown>;
  isCancelling: boolean;
}) {
  const t = storeMessages.useT();
  const navigate = useNavigate();
  const { order } = props;
  const left = useCountdown(order.payDeadlineAt, props.offsetMs);
  const isExpired = order.status === 'expired' || (left !== undefined && left <= 0);
  const store = order.store;

  // Paid meanwhile (another tab, a late WeChat answer): the order's own page says so.
  const isPaid =
    order.status !== 'pending_payment' &&
    order.status !== 'expired' &&
    order.status !== 'cancelled';
  useEffect(() => {
    if (order.status === 'cancelled') cartStore.endCheckout(order.orderId);
    if (!isPaid) return;
    cartStore.endCheckout(order.orderId);
    navigate(paths.storeOrderDetail(order.orderId), { replace: true });
  }, [isPaid, navigate, order.orderId, order.status]);

  const orderAgain = () => {
    cartStore.checkoutNow(
      (store?.items ?? []).map((item) => ({
        goodsId: item.goodsId,
        goodsInfoId: item.goodsInfoId,
        goodsName: item.goodsName,
        goodsInfoName: item.goodsInfoName,
        imageUrl: item.imageUrl,
        price: item.price,
        quantity: item.quantity,
        maxQuantity: MAX_LINE_QUANTITY,
      })),
    );
    navigate(paths.storeOrderPayment(), { replace: true });
  };
  const confirmCancel = () =>
    confirmAndRun({
      dialog: {
        title: t('cancelConfirmTitle'),
        content: t('cancelConfirmText'),
        confirmText: t('cancelConfirm'),
        cancelText: t('keepOrder'),
      },
      run: async () => {
        await props.onCancel(order.orderId);
        cartStore.endCheckout(order.orderId);
      },
      done: { content: t('cancelled') },
      afterDone: () => navigate(paths.storeProductList(), { replace: true }),
    });

  if (isPaid) return null;
  if (order.status === 'cancelled') {
    return (
      <EmptyState
        title={t('orderGone')}
        description={t('orderGoneHint')}
        action={
          <Link
            to={paths.storeOrderDetail(order.orderId)}
            className="button button--primary"
            replace
          >
            {t('viewOrder')}
          </Link>
        }
      />
    );
  }

  return (
    <div className="checkout">
      <DeadlineBanner
        left={left}
        isExpired={isExpired}
        leftLabel={t('payLeft')}
        expired={{
          title: t('payExpired'),
          hint: t('payExpiredHint'),
          action: t('orderAgain'),
          onAction: orderAgain,
        }}
        testId="pay-countdown"
        className="checkout__deadline"
      />

      {store && (
        <section className="store-card checkout__pickup">
          <div className="pickup-row pickup-row--static">
            <EnvironmentOutline className="pickup-row__icon" aria-hidden />
            <span className="pickup-row__text">
              <small>{t('pickupCinema')}</small>
              <strong data-testid="pickup-cinema">{store.cinemaInfo.name}</strong>
              <span className="pickup-row__address">{store.cinemaInfo.address}</span>
            </span>
          </div>
        </section>
      )}

      <section className="store-card" aria-labelledby="order-items">
        <h2 id="order-items" className="store-card__title">
          {t('items')}
        </h2>
        <ul className="line-list">
          {(store?.items ?? []).map((item) => (
            <li key={item.goodsInfoId} className="line-item">
              <LineThumb line={item} />
              <span className="line-item__side">
                <span className="line-item__price">¥{formatYuan(yuanToFen(item.amount))}</span>
                <span className="line-item__quantity">
                  {t('lineAmount', { quantity: item.quantity })}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <dl className="checkout__facts">
          <div>
            <dt>{t('phone')}</dt>
            <dd>{order.phone ? maskPhone(order.phone) : ''}</dd>
          </div>
          <div>
            <dt>{t('orderNo')}</dt>
            <dd>{order.orderNo}</dd>
          </div>
        </dl>
      </section>

      {!isExpired && (
        <button
          type="button"
          className="button checkout__cancel"
          disabled={props.isCancelling}
          onClick={() => void confirmCancel()}
        >
          {t('cancelOrder')}
        </button>
      )}

      <div className="checkout-bar checkout-bar--pay">
        {props.renderPay({
          param: payParamFor('store', order.orderId),
          total: order.amount,
          phone: order.phone ?? '',
          isExpired,
        })}
      </div>
    </div>
  );
}
