import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorCode, type FilmOrder, formatYuan, yuanToFen } from '@marquee/contracts';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { EmptyState } from '@/components/ui/empty-state';
import { FailureBlock } from '@/components/ui/failure-block';
import { isApiError } from '@/lib/api/api-error';
import { showStartLabel } from '@/lib/show-time';
import { useCancelFilmOrder } from '../api/cancel-film-order';
import { usePendingFilmOrder } from '../api/get-pending-film-order';
import { filmOrderMessages } from '../film-order-messages';
import { DeadlineBanner } from '@/components/ui/deadline-banner';
import { useCountdown } from '@/lib/use-countdown';
import { filmOrderStore, useFilmOrder } from '../hooks/use-film-order';
import { PayPanelSlot } from './pay-panel-slot';
import './order-confirmation.css';
import { paths } from '@/lib/paths';

/**
 * /cinema/order?showId=: the held order with its countdown. The client store answers at once; the
 * server's pending order for the show confirms it (and is the fallback after a reload elsewhere).
 */
export function OrderConfirmation(props: { showId: string; defaultPhone: string }) {
  const t = filmOrderMessages.useT();
  const stored = useFilmOrder();
  const pending = usePendingFilmOrder(props.showId);
  const storedOrder =
    stored.order && stored.showInfo?.showId === props.showId ? stored.order : undefined;

  // The server's answer wins; its serverTime gives the phone's clock offset.
  const serverOrder = pending.data?.order;
  const order = serverOrder ?? storedOrder;
  const offsetMs = serverOrder ? Date.parse(serverOrder.serverTime) - pending.dataUpdatedAt : 0;

  useEffect(() => {
    if (serverOrder && !storedOrder) {
      filmOrderStore.restoreFrom({
        cinemaInfo: serverOrder.cinemaInfo,
        showInfo: serverOrder.showInfo,
        seats: serverOrder.seats,
        order: serverOrder,
      });
    }
  }, [serverOrder, storedOrder]);

  if (!order) {
    if (pending.isPending && props.showId) return <CenteredSpinner />;
    // An unknown show has no order for this user: that is the empty state, not a failure.
    if (
      pending.isError &&
      !(isApiError(pending.error) && pending.error.code === ErrorCode.NOT_FOUND)
    ) {
      return (
        <FailureBlock
          title={t('orderLoadFailed')}
          message={pending.error.message}
          onRetry={() => void pending.refetch()}
        />
      );
    }
    return (
      <EmptyState
        title={t('noOrder')}
        description={t('noOrderHint')}
        action={
          props.showId ? (
            <Link to={paths.cinemaSeat(props.showId)} className="button button--primary">
              {t('backToSeats')}
            </Link>
          ) : undefined
        }
      />
    );
  }
  // The server no longer lists it as pending and it has not timed out: it was paid or cancelled.
  const isGone = pending.isSuccess && !serverOrder && Date.parse(order.holdExpiresAt) > Date.now();
  if (isGone) {
    return (
      <EmptyState
        title={t('noOrder')}
        description={t('noOrderHint')}
        action={
          <Link to={paths.cinemaSeat(props.showId)} className="button button--primary">
            {t('backToSeats')}
          </Link>
        }
      />
    );
  }
  return <HeldOrder order={order} offsetMs={offsetMs} defaultPhone={props.defaultPhone} />;
}

function HeldOrder(props: { order: FilmOrder; offsetMs: number; defaultPhone: string }) {
  const t = filmOrderMessages.useT();
  const navigate = useNavigate();
  const { order } = props;
  const [phone, setPhone] = useState(props.defaultPhone);
  const left = useCountdown(order.holdExpiresAt, props.offsetMs);
  const isExpired = left !== undefined && left <= 0;
  const cancel = useCancelFilmOrder();
  const showId = order.showInfo.showId;

  const chooseAgain = () => {
    filmOrderStore.reset();
    navigate(paths.cinemaSeat(showId), { replace: true });
  };
  const confirmCancel = () =>
    confirmAndRun({
      dialog: {
        title: t('cancelConfirmTitle'),
        content: t('cancelConfirmText'),
        confirmText: t('cancelConfirm'),
        cancelText: t('keepOrder'),
      },
      run: () => cancel.mutateAsync(order.id),
      done: { content: t('cancelled') },
      afterDone: chooseAgain,
    });

  return (
    <div className="order-confirm">
      <DeadlineBanner
        left={left}
        isExpired={isExpired}
        leftLabel={t('holdLeft')}
        expired={{
          title: t('holdExpired'),
          hint: t('holdExpiredHint'),
          action: t('backToSeats'),
          onAction: chooseAgain,
        }}
        testId="hold-countdown"
      />

      <section className="order-confirm__card" aria-label={order.showInfo.filmTitle}>
        <div className="order-confirm__film">
          <img
            src={order.showInfo.posterUrl}
            alt=""
            width={60}
            height={84}
            className="order-confirm__poster"
          />
          <div className="order-confirm__film-text">
            <h2>{order.showInfo.filmTitle}</h2>
            <p>
              {showStartLabel(order.showInfo.startAt)} · {order.showInfo.language}{' '}
              {order.showInfo.format}
            </p>
            <p>{order.cinemaInfo.name}</p>
            <p>{order.showInfo.hallName}</p>
          </div>
        </div>
        <dl className="order-confirm__facts">
          <div>
            <dt>{t('seats')}</dt>
            <dd>
              <ul className="order-confirm__seats">
                {order.seats.map((seat) => (
                  <li key={seat.id}>
                    <span>{seat.label}</span>
                    <span>¥{formatYuan(yuanToFen(seat.discountPrice))}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{t('orderNo')}</dt>
            <dd>{order.orderNo}</dd>
          </div>
        </dl>
      </section>

      <section className="order-confirm__card">
        <label className="order-confirm__phone">
          <span>{t('phone')}</span>
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            placeholder={t('phonePlaceholder')}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <p className="order-confirm__phone-hint">{t('phoneHint')}</p>
      </section>

      {!isExpired && (
        <button
          type="button"
          className="button order-confirm__cancel"
          onClick={() => void confirmCancel()}
          disabled={cancel.isPending}
        >
          {t('cancelOrder')}
        </button>
      )}

      <div className="order-confirm__pay">
        <PayPanelSlot order={order} phone={phone} isExpired={isExpired} />
      </div>
    </div>
  );
}
