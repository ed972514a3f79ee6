import type { ReactNode } from 'react';
import { formatYuan, yuanToFen, type OrderDetail, maskPhone } from '@marquee/contracts';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useOrderDetail } from '../api/get-order-detail';
import { ordersMessages } from '../orders-messages';
import { paymentLines } from '../payment-lines';
import { cinemaDateTime } from './order-time';
import { StatusBadge } from './status-badge';
import { QueryView } from '@/components/ui/query-view';

/** The pieces film and store order details share. */

export const yuan = (amount: number) => `¥${formatYuan(yuanToFen(amount))}`;

/** The status and amount on top, and the notice when money came back by itself. */
export function OrderStatusHeader(props: { order: OrderDetail }) {
  const t = ordersMessages.useT();
  const { order } = props;
  return (
    <>
      <section className="order-detail__status">
        <StatusBadge status={order.status} />
        <strong>{yuan(order.amount)}</strong>
      </section>
      {order.refunds.some((r) => r.isAutomatic) && (
        <p className="order-detail__notice" role="status">
          {t('autoRefund')}
        </p>
      )}
      {/* Why the money went back (the cinema cancelled the show, the buyer returned it). */}
      {[...new Set(order.refunds.filter((r) => !r.isAutomatic).map((r) => r.reason))].map(
        (reason) => (
          <p key={reason} className="order-detail__notice" role="status">
            {t('refundReason', { reason })}
          </p>
        ),
      )}
    </>
  );
}

/** Loads the order; not found, failures and loading look the same on every order page. */
export function OrderLoader(props: {
  orderId: string;
  backTo: string;
  children: (order: OrderDetail) => ReactNode;
}) {
  const t = ordersMessages.useT();
  const detail = useOrderDetail(props.orderId);
  const notFound = {
    title: t('notFound'),
    action: (
      <Link to={props.backTo} className="button button--primary">
        {t('backToOrders')}
      </Link>
    ),
  };
  if (!props.orderId) return <EmptyState {...notFound} />;
  return (
    <QueryView query={detail} failureTitle={t('loadFailed')} empty={notFound} isNotFoundEmpty>
      {props.children}
    </QueryView>
  );
}

export function OrderFacts(props: { order: OrderDetail }) {
  const t = ordersMessages.useT();
  const { order } = props;
  return (
    <section className="order-detail__card">
      <dl className="order-detail__facts">
        <div>
          <dt>{t('orderNo')}</dt>
          <dd>{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t('createdAt')}</dt>
          <dd>{cinemaDateTime(order.createdAt)}</dd>
        </div>
        {order.paidAt && (
          <div>
            <dt>{t('paidAt')}</dt>
            <dd>{cinemaDateTime(order.paidAt)}</dd>
          </div>
        )}
        {order.phone && (
          <div>
            <dt>{t('phone')}</dt>
            <dd>{maskPhone(order.phone)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The order's payments and refunds, when it has any. */
export function MoneyRecords(props: { order: OrderDetail }) {
  const t = ordersMessages.useT();
  const { order } = props;
  const { lines, unfinishedAttempts } = paymentLines(order.payments);
  return (
    <>
      {order.payments.length > 0 && (
        <section className="order-detail__card">
          <h3>{t('payments')}</h3>
          <ul className="order-detail__rows" data-testid="order-payments">
            {lines.map((payment) => (
              <li key={payment.paymentId}>
                <span>
                  {t(payment.method)}
                  {payment.cards.map((card) => ` · ${card.name} ${card.cardNoTail}`).join('')}
                </span>
                <span>{yuan(payment.amount)}</span>
                <span className="order-detail__muted">{t(`payment_${payment.status}`)}</span>
              </li>
            ))}
            {unfinishedAttempts > 0 && (
              <li className="order-detail__muted" data-testid="unfinished-payments">
                {t('unfinishedPayments', { count: unfinishedAttempts })}
              </li>
            )}
          </ul>
        </section>
      )}
      {order.refunds.length > 0 && (
        <section className="order-detail__card">
          <h3>{t('refunds')}</h3>
          <ul className="order-detail__rows">
            {order.refunds.map((item) => (
              <li key={item.outRefundNo}>
                <span>{t(item.method)}</span>
                <span>{yuan(item.amount)}</span>
                <span className="order-detail__muted">{t(`refund_${item.status}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
