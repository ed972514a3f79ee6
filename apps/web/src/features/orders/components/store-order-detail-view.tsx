import { formatYuan, yuanToFen, type OrderDetail } from '@marquee/contracts';
import { Link } from 'react-router';
import { useCancelStoreOrder } from '../api/cancel-store-order';
import { useRefundOrder } from '../api/refund-order';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { ordersMessages } from '../orders-messages';
import {
  MoneyRecords,
  OrderFacts,
  OrderLoader,
  OrderStatusHeader,
  yuan,
} from './order-detail-parts';
import { cinemaDateTime } from './order-time';
import { TicketQr } from './ticket-qr';
import './orders.css';
import { paths } from '@/lib/paths';

/**
 * /store/order/detail?orderId=: the store order's pickup code and QR once ready, its items and
 * pickup cinema; pay again or cancel while unpaid, refund while ready.
 */
export function StoreOrderDetailView(props: { orderId: string }) {
  return (
    <OrderLoader orderId={props.orderId} backTo={paths.storeOrderList()}>
      {(order) => <StoreOrderBody order={order} />}
    </OrderLoader>
  );
}

export function StoreOrderBody(props: { order: OrderDetail }) {
  const t = ordersMessages.useT();
  const { order } = props;
  const store = order.store;
  const refund = useRefundOrder();
  const cancel = useCancelStoreOrder();
  const cinemaName = store?.cinemaInfo.name ?? '';

  const askRefund = () =>
    confirmAndRun({
      dialog: {
        title: t('storeRefundConfirmTitle'),
        content: t('storeRefundConfirmText'),
        confirmText: t('storeRefundConfirm'),
        cancelText: t('keepStoreOrder'),
      },
      run: () => refund.mutateAsync(order.orderId),
      done: { content: t('storeRefundDone'), isSuccess: true },
    });
  const askCancel = () =>
    confirmAndRun({
      dialog: {
        title: t('cancelConfirmTitle'),
        content: t('cancelConfirmText'),
        confirmText: t('cancelConfirm'),
        cancelText: t('keepUnpaid'),
      },
      run: () => cancel.mutateAsync(order.orderId),
      done: { content: t('cancelDone') },
    });

  return (
    <div className="order-detail">
      <OrderStatusHeader order={order} />

      {order.pickup && (
        <section className="order-detail__card order-detail__ticket" aria-label={t('pickupCode')}>
          <TicketQr
            content={order.pickup.qrContent}
            code={order.pickup.code}
            alt={t('pickupQrAlt', { code: order.pickup.code })}
            testId="pickup-qr"
          />
          <p className="order-detail__code order-detail__code--pickup">
            <span>{t('pickupCode')}</span>
            <strong data-testid="pickup-code">{order.pickup.code}</strong>
          </p>
          <p className="order-detail__hint">{t('pickupHint', { cinema: cinemaName })}</p>
        </section>
      )}
      {order.status === 'used' && !order.pickup && (
        <p className="order-detail__notice order-detail__notice--ok">{t('usedHint')}</p>
      )}

      {order.status === 'pending_payment' && (
        <section className="order-detail__card order-detail__pay">
          <p>{t('payBefore', { time: cinemaDateTime(order.payDeadlineAt) })}</p>
          <Link
            to={paths.storeOrderPayment(order.orderId)}
            className="button button--primary button--block"
          >
            {t('payNow')}
          </Link>
          <button
            type="button"
            className="button button--block"
            disabled={cancel.isPending}
            onClick={() => void askCancel()}
          >
            {t('cancelOrder')}
          </button>
        </section>
      )}

      {store && (
        <section className="order-detail__card" aria-labelledby="store-order-items">
          <h3 id="store-order-items">{t('items')}</h3>
          <ul className="store-lines">
            {store.items.map((item) => (
              <li key={item.goodsInfoId} className="store-line">
                <img src={item.imageUrl} alt="" width={48} height={48} />
                <span className="store-line__names">
                  <strong>{item.goodsName}</strong>
                  <small>
                    {item.goodsInfoName} · ¥{formatYuan(yuanToFen(item.price))}
                  </small>
                </span>
                <span className="store-line__amount">
                  <small>{t('lineQuantity', { quantity: item.quantity })}</small>
                  <span>{yuan(item.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="store-lines__total">
            {t('itemsTotal')} <strong>{yuan(order.amount)}</strong>
          </p>
        </section>
      )}

      {store && (
        <section className="order-detail__card" aria-labelledby="store-order-cinema">
          <h3 id="store-order-cinema">{t('pickupCinema')}</h3>
          <p className="order-detail__strong">{store.cinemaInfo.name}</p>
          <p>{store.cinemaInfo.address}</p>
          {store.cinemaInfo.phone && (
            <p>
              {t('cinemaPhone')}{' '}
              <a href={`tel:${store.cinemaInfo.phone}`} className="order-detail__tel">
                {store.cinemaInfo.phone}
              </a>
            </p>
          )}
        </section>
      )}

      <OrderFacts order={order} />
      <MoneyRecords order={order} />

      {order.status === 'ready' && order.refund.isAllowed && (
        <section className="order-detail__refund">
          <p>{t('storeRefundHint')}</p>
          <button
            type="button"
            className="button button--block"
            disabled={refund.isPending}
            onClick={() => void askRefund()}
          >
            {t('storeRefund')}
          </button>
        </section>
      )}
    </div>
  );
}
