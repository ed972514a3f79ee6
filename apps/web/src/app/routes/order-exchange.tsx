import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderDetail, PendingExchange, ShowSummary } from '@marquee/contracts';
import { exchangePriceChange, formatYuan, seatNames, yuanToFen } from '@marquee/contracts';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryView } from '@/components/ui/query-view';
import { useCinemaDetail } from '@/features/cinema/api/get-cinema-detail';
import { cinemaShowsQuery } from '@/features/cinema/api/get-cinema-shows';
import { ShowList } from '@/features/cinema/components/show-list';
import '@/features/cinema/components/cinema.css';
import '@/features/orders/components/orders.css';
import { SeatPicker } from '@/features/film-order/components/seat-picker';
import { useExchangeOrder } from '@/features/orders/api/exchange-order';
import { CancelExchangeButton } from '@/features/orders/components/order-exchange-parts';
import { useOrderDetail } from '@/features/orders/api/get-order-detail';
import { exchangeMessages } from '@/features/orders/exchange-messages';
import { commonMessages } from '@/lib/i18n/common-messages';
import { getLang } from '@/lib/i18n/i18n';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { paths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { cinemaDateOf, cinemaTimeOf } from '@/lib/show-time';
import { formatCountdown, useCountdown } from '@/lib/use-countdown';
import { PayArea } from '../pay-area';

/**
 * /order/exchange?orderId=[&showId=] (改签): first another show of the same film at the same
 * cinema, then its seats with the usual seat map; confirming exchanges the ticket and returns to
 * the order, which shows the new code and the history. Dearer seats are held and this page then
 * shows the pay step for the difference (decision 031) until it is paid, cancelled or lapses.
 */
export default function OrderExchangePage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const showId = params.get('showId');
  const common = commonMessages.useT();
  const order = useOrderDetail(orderId);
  return (
    <QueryView query={order} failureTitle={common('somethingWrong')} isNotFoundEmpty>
      {(detail) =>
        detail.exchange?.pending ? (
          <ExchangePay order={detail} pending={detail.exchange.pending} />
        ) : showId ? (
          <ExchangeSeats key={showId} order={detail} showId={showId} />
        ) : (
          <ExchangeShows order={detail} />
        )
      }
    </QueryView>
  );
}

function ExchangeShows(props: { order: OrderDetail }) {
  const t = exchangeMessages.useT();
  const film = props.order.film;
  const cinemaId = film?.cinemaInfo.cinemaId ?? film?.showInfo.cinemaId ?? '';
  const cinema = useCinemaDetail({ cinemaId });
  const dates = cinema.data?.showDates ?? [];
  const days = useQueries({
    queries: dates.map((date) => ({ ...cinemaShowsQuery({ cinemaId, date }), enabled: !!film })),
  });
  if (!film) return null;
  if (cinema.isPending || days.some((day) => day.isPending)) return <CenteredSpinner />;
  const shows: ShowSummary[] = days
    .flatMap((day) => day.data?.films ?? [])
    .filter((entry) => entry.film.id === film.showInfo.filmId)
    .flatMap((entry) => entry.shows)
    .filter((show) => show.showId !== film.showInfo.showId);
  const byDate = new Map<string, ShowSummary[]>();
  for (const show of shows) {
    const date = cinemaDateOf(show.startAt);
    byDate.set(date, [...(byDate.get(date) ?? []), show]);
  }
  return (
    <div className="order-exchange">
      <section className="order-exchange__intro">
        <h2>{t('pickShow')}</h2>
        <p>{film.showInfo.filmTitle}</p>
        <p>
          {t('currentShow', {
            time: `${cinemaDateOf(film.showInfo.startAt)} ${cinemaTimeOf(film.showInfo.startAt)}`,
            hall: film.showInfo.hallName,
          })}
        </p>
        <p className="order-exchange__hint">{t('pickShowHint')}</p>
      </section>
      {shows.length === 0 ? (
        <EmptyState title={t('noShows')} description={t('noShowsHint')} />
      ) : (
        [...byDate].map(([date, list]) => (
          <section key={date} className="order-exchange__day">
            <h3>{date}</h3>
            <ShowList
              shows={list}
              actionLabel={t('exchange')}
              hrefOf={(show) => paths.orderExchange(props.order.orderId, show.showId)}
            />
          </section>
        ))
      )}
    </div>
  );
}

function ExchangeSeats(props: { order: OrderDetail; showId: string }) {
  const t = exchangeMessages.useT();
  const navigate = useNavigate();
  const exchange = useExchangeOrder();
  const paidFen = yuanToFen(props.order.amount);
  const oldSeatsFen = (props.order.film?.seats ?? []).reduce(
    (sum, seat) => sum + yuanToFen(seat.discountPrice),
    0,
  );
  return (
    <SeatPicker
      showId={props.showId}
      exchange={{
        seatCount: props.order.film?.seats.length ?? 0,
        fromSeatsFen: oldSeatsFen,
        paidFen,
      }}
      onChosen={async (seats) => {
        const newFen = seats.reduce((sum, seat) => sum + yuanToFen(seat.discountPrice), 0);
        // The server prices it the same way (exchangePriceChange): the seats' difference.
        const { refundFen, extraFen } = exchangePriceChange({
          fromSeatsFen: oldSeatsFen,
          toSeatsFen: newFen,
          paidFen,
        });
        let failure: unknown;
        await confirmAndRun({
          dialog: {
            title: t('confirmTitle'),
            content:
              extraFen > 0
                ? t('confirmExtra', { amount: formatYuan(extraFen) })
                : refundFen > 0
                  ? `${t('confirmText')}${t('confirmRefund', { amount: formatYuan(refundFen) })}`
                  : t('confirmText'),
            confirmText: extraFen > 0 ? t('confirmPay') : t('confirm'),
            cancelText: t('keep'),
          },
          run: () =>
            exchange
              .mutateAsync({
                orderId: props.order.orderId,
                showId: props.showId,
                seatLabels: seats.map((seat) => seat.label),
              })
              .catch((error: unknown) => {
                failure = error;
                throw error;
              }),
          done: extraFen > 0 ? { content: t('held') } : { content: t('done'), isSuccess: true },
          // A dearer exchange continues on this page with the pay step (its pending part).
          afterDone: () =>
            navigate(
              extraFen > 0
                ? paths.orderExchange(props.order.orderId)
                : paths.orderDetail(props.order.orderId),
              { replace: true },
            ),
        });
        // The seat picker explains a refusal (a seat taken, a rule) as it does for a hold.
        if (failure) throw failure;
      }}
    />
  );
}

/**
 * A dearer exchange waiting for its difference (decision 031): what changes, the countdown, and
 * the usual pay area for its exchange order (cards, WeChat Pay or both; no coupon); paid, the
 * order shows the new ticket. Cancelling releases the new seats and keeps the ticket.
 */
function ExchangePay(props: { order: OrderDetail; pending: PendingExchange }) {
  const t = exchangeMessages.useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { order, pending } = props;
  const [offsetMs] = useState(() => Date.parse(order.serverTime) - Date.now());
  const left = useCountdown(pending.payDeadlineAt, offsetMs) ?? 0;
  const isExpired = left <= 0;
  const backToOrder = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    navigate(paths.orderDetail(order.orderId), { replace: true });
  };
  const from = order.film?.showInfo;
  const showText = (show: { startAt: string; hallName: string }) =>
    `${cinemaDateOf(show.startAt)} ${cinemaTimeOf(show.startAt)} ${show.hallName}`;
  return (
    <div className="order-exchange" data-testid="exchange-pay">
      <section className="order-exchange__intro">
        <h2>{t('payTitle')}</h2>
        <p>{pending.toShow.filmTitle}</p>
        {from && <p>{t('fromTo', { from: showText(from), to: showText(pending.toShow) })}</p>}
        <p>
          {t('seatsTo', {
            seats: seatNames(pending.toSeats, getLang()),
          })}
        </p>
        <p>{t('payIntro', { amount: formatYuan(yuanToFen(pending.extraAmount)) })}</p>
        <p className="order-exchange__hint" role="timer">
          {isExpired ? t('payExpired') : t('payUntil', { time: formatCountdown(left) })}
        </p>
      </section>
      <PayArea
        param={{ orderType: 'FILM_ORDER', orderId: pending.orderId }}
        total={pending.extraAmount}
        phone=""
        isExpired={isExpired}
        hasCoupons={false}
        onPaid={backToOrder}
      />
      <CancelExchangeButton
        exchangeOrderId={pending.orderId}
        className="button button--block order-exchange__cancel"
        afterDone={backToOrder}
      />
    </div>
  );
}
