import { seatName, type OrderDetail } from '@marquee/contracts';
import { Link } from 'react-router';
import { getLang } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { exchangeMessages } from '../exchange-messages';
import { cinemaDateTime } from './order-time';

/** Seats as moviegoers read them ("K排12座"), as the detail shows the order's seats. */
const joinLabels = (labels: string[]) =>
  labels.map((label) => seatName(label, getLang())).join(getLang() === 'en' ? '; ' : '、');

/** The order detail's 改签 entry: the button while allowed, else when it closed. */
export function ExchangeEntry(props: { order: OrderDetail }) {
  const t = exchangeMessages.useT();
  const { exchange } = props.order;
  if (props.order.status !== 'ticketed' || !exchange?.allowedUntil) return null;
  if (exchange.history.length > 0) return null;
  const pending = exchange.pending;
  if (pending && Date.parse(pending.payDeadlineAt) > Date.parse(props.order.serverTime)) {
    return (
      <section className="order-detail__refund" data-testid="exchange-pending">
        <p>
          {t('pendingBanner', {
            amount: pending.extraAmount.toFixed(2),
            time: cinemaDateTime(pending.payDeadlineAt),
          })}
        </p>
        <Link to={paths.orderExchange(props.order.orderId)} className="button button--block">
          {t('goPay')}
        </Link>
      </section>
    );
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
            <p>{t('historyRefund', { amount: entry.refundAmount.toFixed(2) })}</p>
          )}
          {entry.extraAmount > 0 && (
            <p>{t('historyExtra', { amount: entry.extraAmount.toFixed(2) })}</p>
          )}
        </div>
      ))}
    </section>
  );
}
