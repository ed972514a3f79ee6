import { formatYuan, seatNames, type OrderDetail } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { Link } from 'react-router';
import { showStartLabel } from '@/lib/show-time';
import { useRefundOrder } from '../api/refund-order';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { ordersMessages } from '../orders-messages';
import { MoneyRecords, OrderFacts, OrderLoader, OrderStatusHeader } from './order-detail-parts';
import { ExchangeEntry, ExchangeHistory, isExchangeWaiting } from './order-exchange-parts';
import { OrderSnacks } from './order-snacks';
import { refundableFen } from '../payment-lines';
import { orderSnackMessages } from '../snack-messages';
import { cinemaDateTime } from './order-time';
import { StoreOrderBody } from './store-order-detail-view';
import { TicketQr } from './ticket-qr';
import './orders.css';
import { paths } from '@/lib/paths';

/** /order/detail?orderId=: the film order, its ticket and QR, its payments, and refund while allowed. */
export function OrderDetailView(props: { orderId: string }) {
  return (
    <OrderLoader orderId={props.orderId} backTo={paths.homeOrder()}>
      {(order) =>
        // A store order opened by this address still shows as one.
        order.kind === 'store' ? (
          <StoreOrderBody order={order} />
        ) : (
          <OrderDetailBody order={order} />
        )
      }
    </OrderLoader>
  );
}

function OrderDetailBody(props: { order: OrderDetail }) {
  const t = ordersMessages.useT();
  const { order } = props;
  const film = order.film;
  const refund = useRefundOrder();
  const snackT = orderSnackMessages.useT();

  // The amount first, split by where it goes back when paid both ways.
  const back = refundableFen(order);
  const amountLine = t('refundAmount', {
    amount: formatYuan(back.cardFen + back.wechatFen),
    split:
      back.cardFen > 0 && back.wechatFen > 0
        ? t('refundSplit', { card: formatYuan(back.cardFen), wechat: formatYuan(back.wechatFen) })
        : '',
  });
  const askRefund = () =>
    confirmAndRun({
      dialog: {
        title: t('refundConfirmTitle'),
        content: `${amountLine} ${
          order.goods?.state === 'toPickUp'
            ? snackT('refundAllConfirmText')
            : t('refundConfirmText')
        }`,
        confirmText: t('refundConfirm'),
        cancelText: t('keepTicket'),
      },
      run: () => refund.mutateAsync(order.orderId),
      done: { content: t('refundDone'), isSuccess: true },
    });

  return (
    <div className="order-detail">
      <OrderStatusHeader order={order} />
      {/* The cinema moved the buyer off a broken seat: say so first, the ticket code still works. */}
      {film &&
        changesByMoment(film.seatChanges).map((change) => (
          <p
            key={change.key}
            className="order-detail__notice"
            role="status"
            data-testid="seat-change"
          >
            {t('seatChanged', change)}
          </p>
        ))}

      {order.ticket && (
        <section className="order-detail__card order-detail__ticket" aria-label={t('ticketCode')}>
          <TicketQr content={order.ticket.qrContent} code={order.ticket.code} />
          <p className="order-detail__code">
            {t('ticketCode')} <strong data-testid="ticket-code">{order.ticket.code}</strong>
          </p>
          <p className="order-detail__hint">{t('ticketHint')}</p>
        </section>
      )}

      <OrderSnacks order={order} />

      {film && (
        <section className="order-detail__card" aria-label={film.showInfo.filmTitle}>
          <div className="order-detail__film">
            <img
              src={film.showInfo.posterUrl}
              alt=""
              width={60}
              height={84}
              className="order-item__poster"
            />
            <div>
              <h2>{film.showInfo.filmTitle}</h2>
              <p>
                {showStartLabel(film.showInfo.startAt)} · {film.showInfo.language}{' '}
                {film.showInfo.format}
              </p>
              <p>{film.cinemaInfo.name}</p>
              <p>{film.showInfo.hallName}</p>
            </div>
          </div>
          <dl className="order-detail__facts">
            <div>
              <dt>{t('seats')}</dt>
              <dd data-testid="order-seats">
                {seatNames(
                  film.seats.map((seat) => seat.label),
                  getLang(),
                )}
              </dd>
            </div>
          </dl>
        </section>
      )}

      {order.status === 'pending_payment' && film && (
        <section className="order-detail__card">
          <p>{t('payBefore', { time: cinemaDateTime(order.payDeadlineAt) })}</p>
          <Link
            to={paths.cinemaOrder(film.showInfo.showId)}
            className="button button--primary button--block"
          >
            {t('payNow')}
          </Link>
        </section>
      )}

      <ExchangeHistory order={order} />
      <OrderFacts order={order} />
      <MoneyRecords order={order} />
      <ExchangeEntry order={order} />

      {order.status === 'ticketed' && order.goods?.state === 'pickedUp' && (
        <section className="order-detail__refund">
          <p>{snackT('refundAfterPickup')}</p>
        </section>
      )}
      {order.status === 'ticketed' &&
        order.refund.allowedUntil &&
        order.goods?.state !== 'pickedUp' &&
        !isExchangeWaiting(order) && (
          <section className="order-detail__refund">
            {order.refund.isAllowed ? (
              <>
                <p>{t('refundUntil', { time: cinemaDateTime(order.refund.allowedUntil) })}</p>
                <button
                  type="button"
                  className="button button--block"
                  disabled={refund.isPending}
                  onClick={() => void askRefund()}
                >
                  {t('refund')}
                </button>
              </>
            ) : (
              <p>{t('refundClosed', { time: cinemaDateTime(order.refund.allowedUntil) })}</p>
            )}
          </section>
        )}
    </div>
  );
}

/** One notice per reseat: the seats moved at one moment for one reason, from and to in order. */
function changesByMoment(changes: NonNullable<OrderDetail['film']>['seatChanges']) {
  const moments = new Map<string, { from: string[]; to: string[]; reason: string; at: string }>();
  for (const change of changes) {
    const key = `${change.changedAt}|${change.reason}`;
    const moment = moments.get(key) ?? {
      from: [],
      to: [],
      reason: change.reason,
      at: change.changedAt,
    };
    moment.from.push(change.fromLabel);
    moment.to.push(change.toLabel);
    moments.set(key, moment);
  }
  return [...moments.entries()].map(([key, moment]) => ({
    key,
    from: seatNames(moment.from, getLang()),
    to: seatNames(moment.to, getLang()),
    reason: moment.reason,
    time: cinemaDateTime(moment.at),
  }));
}
