import { formatYuan, yuanToFen, type OrderDetail } from '@marquee/contracts';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { useRefundOrderGoods } from '../api/refund-order-goods';
import { orderSnackMessages } from '../snack-messages';
import { cinemaDateTime } from './order-time';
import { TicketQr } from './ticket-qr';

const yuan = (amount: number) => `¥${formatYuan(yuanToFen(amount))}`;

const stateKey = {
  unpaid: 'stateUnpaid',
  toPickUp: 'stateToPickUp',
  pickedUp: 'statePickedUp',
  refunded: 'stateRefunded',
  released: 'stateReleased',
} as const;

/**
 * The snacks of a film order on its detail (decision 029): their pickup code and QR beside the
 * ticket's, the lines and their part of the price, where they are, and "refund the snacks only"
 * while they are not picked up. Nothing for an order without snacks.
 */
export function OrderSnacks(props: { order: OrderDetail }) {
  const t = orderSnackMessages.useT();
  const { order } = props;
  const goods = order.goods;
  const store = order.store;
  const refund = useRefundOrderGoods();
  if (!goods || !store) return null;

  const askRefund = () =>
    confirmAndRun({
      dialog: {
        title: t('refundGoodsConfirmTitle'),
        content: t('refundGoodsConfirmText', { amount: formatYuan(yuanToFen(goods.amount)) }),
        confirmText: t('refundGoodsConfirm'),
        cancelText: t('keepGoods'),
      },
      run: () => refund.mutateAsync(order.orderId),
      done: { content: t('refundGoodsDone'), isSuccess: true },
    });

  return (
    <>
      {order.pickup && goods.state === 'toPickUp' && (
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
          <p className="order-detail__hint">{t('pickupHint', { cinema: store.cinemaInfo.name })}</p>
        </section>
      )}

      <section
        className="order-detail__card"
        aria-labelledby="order-snacks-title"
        data-testid="order-snacks"
      >
        <div className="order-snacks__head">
          <h3 id="order-snacks-title">{t('snacks')}</h3>
          <span className={`order-snacks__state order-snacks__state--${goods.state}`}>
            {t(stateKey[goods.state])}
          </span>
        </div>
        <ul className="store-lines">
          {store.items.map((item) => (
            <li key={item.goodsInfoId} className="store-line">
              <img src={item.imageUrl} alt="" width={48} height={48} />
              <span className="store-line__names">
                <strong>{item.goodsName}</strong>
                <small>
                  {item.goodsInfoName} · {yuan(item.price)}
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
          {t('snacksTotal')} <strong>{yuan(goods.amount)}</strong>
          {goods.discount > 0 && (
            <small>
              {' '}
              （{t('discount')} −{yuan(goods.discount)}）
            </small>
          )}
        </p>
        {goods.pickedUpAt && (
          <p className="order-detail__hint">
            {t('pickedUpAt', { time: cinemaDateTime(goods.pickedUpAt) })}
          </p>
        )}
        {goods.refundedAt && (
          <p className="order-detail__hint" data-testid="snacks-refunded">
            {t('refundedAt', {
              time: cinemaDateTime(goods.refundedAt),
              amount: formatYuan(yuanToFen(goods.refundedAmount)),
            })}
          </p>
        )}
      </section>

      {goods.isRefundAllowed && (
        <section className="order-detail__refund order-snacks__refund">
          <p>{t('refundGoodsHint')}</p>
          <button
            type="button"
            className="button button--block"
            disabled={refund.isPending}
            onClick={() => void askRefund()}
            data-testid="refund-snacks"
          >
            {t('refundGoods')}
          </button>
        </section>
      )}
    </>
  );
}
