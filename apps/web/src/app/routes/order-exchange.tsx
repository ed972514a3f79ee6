import { useQueries } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderDetail, ShowSummary } from '@marquee/contracts';
import { yuanToFen } from '@marquee/contracts';
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
import { useOrderDetail } from '@/features/orders/api/get-order-detail';
import { exchangeMessages } from '@/features/orders/exchange-messages';
import { commonMessages } from '@/lib/i18n/common-messages';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { paths } from '@/lib/paths';
import { cinemaDateOf, cinemaTimeOf } from '@/lib/show-time';

/**
 * /order/exchange?orderId=[&showId=] (改签): first another show of the same film at the same
 * cinema, then its seats with the usual seat map; confirming exchanges the ticket and returns to
 * the order, which shows the new code and the history.
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
        showId ? (
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
  return (
    <SeatPicker
      showId={props.showId}
      onChosen={async (seats) => {
        const newFen = seats.reduce((sum, seat) => sum + yuanToFen(seat.discountPrice), 0);
        const refundFen = paidFen - newFen;
        let failure: unknown;
        await confirmAndRun({
          dialog: {
            title: t('confirmTitle'),
            content:
              refundFen > 0
                ? `${t('confirmText')}${t('confirmRefund', { amount: (refundFen / 100).toFixed(2) })}`
                : t('confirmText'),
            confirmText: t('confirm'),
            cancelText: t('keep'),
          },
          run: () =>
            exchange
              .mutateAsync({
                orderId: props.order.orderId,
                showId: props.showId,
                seatIds: seats.map((seat) => seat.id),
              })
              .catch((error: unknown) => {
                failure = error;
                throw error;
              }),
          done: { content: t('done'), isSuccess: true },
          afterDone: () => navigate(paths.orderDetail(props.order.orderId), { replace: true }),
        });
        // The seat picker explains a refusal (a seat taken, a rule) as it does for a hold.
        if (failure) throw failure;
      }}
    />
  );
}
