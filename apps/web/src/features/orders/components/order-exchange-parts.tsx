import {
  seatNames,
  type OrderDetail,
  type PendingExchange,
  formatYuan,
  yuanToFen,
} from '@marquee/contracts';
import { Link } from 'react-router';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { getLang } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { useCancelExchange } from '../api/cancel-exchange';
import { exchangeMessages } from '../exchange-messages';
import { cinemaDateTime } from './order-time';

/** Seats as moviegoers read them ("K排12座"), as the detail shows the order's seats. */
const joinLabels = (labels: string[]) => seatNames(labels, getLang());

/**
 * A dearer exchange waiting for its difference (decision 031), while its deadline runs: the ticket
 * is not refunded meanwhile (EXCHANGE_PENDING), so the detail offers paying or cancelling it.
 */
export function isExchangeWaiting(order: OrderDetail): boolean {
  const pending = order.exchange?.pending;
  return !!pending && Date.parse(pending.payDeadlineAt) > Date.parse(order.serverTime);
}

/** The order detail's 改签 entry: the button while allowed, a waiting exchange, or when it closed. */
export function ExchangeEntry(props: { order: OrderDetail }) {
  const t = exchangeMessages.useT();
  const { exchange } = props.order;
  if (props.order.status !== 'ticketed' || !exchange?.allowedUntil) return null;
  if (exchange.history.length > 0) return null;
  if (exchange.pending && isExchangeWaiting(props.order)) {
    return <WaitingExchange orderId={props.order.orderId} pending={exchange.pending} />;
  }
  return (
    <section className="order-detail__refund">
      {exchange.isAllowed ? (
        <>
          <p>{t('exchangeUntil', { time: cinemaDateTime(exchange.allowedUntil) })}</p>
          <Link
            to={paths.orderExchange(props.order.orderId)}
            className="button button--block"
            data-testid="exchange-link"
          >
            {t('exchange')}
          </Link>
        </>
      ) : (
        <p>{t('exchangeClosed', { time: cinemaDateTime(exchange.allowedUntil) })}</p>
      )}
    </section>
  );
}

/** The waiting exchange in place of the refund button: what it costs, until when, pay or cancel. */
function WaitingExchange(props: { orderId: string; pending: PendingExchange }) {
  const t = exchangeMessages.useT();
  const { pending } = props;
  return (
    <section className="order-detail__card order-detail__waiting" data-testid="exchange-pending">
      <h3>{t('pendingTitle')}</h3>
      <p>
        {t('pendingBanner', {
          amount: formatYuan(yuanToFen(pending.extraAmount)),
          time: cinemaDateTime(pending.payDeadlineAt),
        })}
      </p>
      <p>
        {t('showTo', {
          time: cinemaDateTime(pending.toShow.startAt),
          hall: pending.toShow.hallName,
        })}
      </p>
      <p>{t('seatsTo', { seats: joinLabels(pending.toSeats) })}</p>
      <p className="order-detail__hint">{t('pendingRefundNote')}</p>
      <Link
        to={paths.orderExchange(props.orderId)}
        className="button button--primary button--block"
      >
        {t('goPay')}
      </Link>
      <CancelExchangeButton exchangeOrderId={pending.orderId} />
    </section>
  );
}

/**
 * 取消这次改签: gives up a dearer exchange still waiting for its difference, after asking; the
 * order detail and the exchange page's pay step both offer it.
 */
export function CancelExchangeButton(props: {
  exchangeOrderId: string;
  className?: string;
  afterDone?: () => void;
}) {
  const t = exchangeMessages.useT();
  const cancel = useCancelExchange();
  return (
    <button
      type="button"
      className={props.className ?? 'button button--block'}
      disabled={cancel.isPending}
      onClick={() =>
        void confirmAndRun({
          dialog: {
            title: t('cancelTitle'),
            content: t('cancelText'),
            confirmText: t('cancelConfirm'),
            cancelText: t('cancelKeep'),
          },
          run: () => cancel.mutateAsync(props.exchangeOrderId),
          done: { content: t('cancelled') },
          afterDone: props.afterDone,
        })
      }
    >
      {t('cancelPending')}
    </button>
  );
}

/** What the order was exchanged from: show, seats, the old code, the difference refunded or paid. */
export function ExchangeHistory(props: { order: OrderDetail }) {
  const t = exchangeMessages.useT();
  const history = props.order.exchange?.history ?? [];
  if (history.length === 0) return null;
  return (
    <section
      className="order-detail__card"
      aria-label={t('history')}
      data-testid="exchange-history"
    >
      <h3>{t('history')}</h3>
      {history.map((entry) => (
        <div key={entry.createdAt} className="order-exchange__entry">
          <p>{cinemaDateTime(entry.createdAt)}</p>
          <p>
            {t('historyLine', {
              from: `${cinemaDateTime(entry.fromShow.startAt)} ${entry.fromShow.hallName}`,
              to: `${cinemaDateTime(entry.toShow.startAt)} ${entry.toShow.hallName}`,
            })}
          </p>
          <p>
            {t('historySeats', {
              from: joinLabels(entry.fromSeats),
              to: joinLabels(entry.toSeats),
            })}
          </p>
          <p>{t('historyCodes', { code: entry.fromTicketCode })}</p>
          {entry.refundAmount > 0 && (
            <p>{t('historyRefund', { amount: formatYuan(yuanToFen(entry.refundAmount)) })}</p>
          )}
          {entry.extraAmount > 0 && (
            <p>{t('historyExtra', { amount: formatYuan(yuanToFen(entry.extraAmount)) })}</p>
          )}
        </div>
      ))}
    </section>
  );
}
