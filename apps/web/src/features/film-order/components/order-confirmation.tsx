import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatYuan, payParamFor, yuanToFen, type FilmOrder, fenToYuan } from '@marquee/contracts';
import type { RenderPay } from '@/lib/pay-slot';
import { confirmAndRun } from '@/lib/confirm-and-run';
import { EmptyState } from '@/components/ui/empty-state';
import { useCancelFilmOrder } from '../api/cancel-film-order';
import { usePendingFilmOrder } from '../api/get-pending-film-order';
import { filmOrderMessages } from '../film-order-messages';
import { DeadlineBanner } from '@/components/ui/deadline-banner';
import { useCountdown } from '@/lib/use-countdown';
import { filmOrderStore } from '../film-order-store';
import { snackMessages } from '../snack-messages';
import { cinemaTimeOf } from '@/lib/show-time';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { OrderSummaryCard } from './order-summary-card';
import { SnackStep } from './snack-step';
import './order-confirmation.css';
import { paths } from '@/lib/paths';
import { QueryView } from '@/components/ui/query-view';

/**
 * /cinema/order?showId=: the held order with its countdown. The order is server state: the show's
 * pending order, written by the create mutation and read again after a reload.
 */
export function OrderConfirmation(props: {
  showId: string;
  defaultPhone: string;
  renderPay: RenderPay;
}) {
  const t = filmOrderMessages.useT();
  const pending = usePendingFilmOrder(props.showId, { isWatching: false });
  const noOrder = {
    title: t('noOrder'),
    description: t('noOrderHint'),
    action: props.showId ? (
      <Link to={paths.cinemaSeat(props.showId)} className="button button--primary">
        {t('backToSeats')}
      </Link>
    ) : undefined,
  };
  if (!props.showId) return <EmptyState {...noOrder} />;
  // An unknown show has no order for this user: that is the empty state, not a failure.
  return (
    <QueryView
      query={pending}
      failureTitle={t('orderLoadFailed')}
      isEmpty={(data) => !data.order && !data.paidOrderId}
      empty={noOrder}
      isNotFoundEmpty
    >
      {({ order, paidOrderId }) =>
        order ? (
          <HeldOrder
            order={order}
            // The server's serverTime against when it answered gives the phone's clock offset.
            offsetMs={Date.parse(order.serverTime) - pending.dataUpdatedAt}
            defaultPhone={props.defaultPhone}
            renderPay={props.renderPay}
          />
        ) : (
          // Paid meanwhile (WeChat's sheet after this page was left): lead to the ticket.
          <EmptyState
            title={t('paidTitle')}
            description={t('paidHint')}
            action={
              <Link to={paths.orderDetail(paidOrderId!)} className="button button--primary">
                {t('toTicket')}
              </Link>
            }
          />
        )
      }
    </QueryView>
  );
}

function HeldOrder(props: {
  order: FilmOrder;
  offsetMs: number;
  defaultPhone: string;
  renderPay: RenderPay;
}) {
  const t = filmOrderMessages.useT();
  const navigate = useNavigate();
  const { order } = props;
  const [phone, setPhone] = useState(props.defaultPhone);
  const left = useCountdown(order.holdExpiresAt, props.offsetMs);
  const isExpired = left !== undefined && left <= 0;
  const cancel = useCancelFilmOrder();
  const showId = order.showInfo.showId;
  const location = useLocation();
  const isNewHold = (location.state as { isNewHold?: boolean } | null)?.isNewHold === true;
  const [isSnackStep, setSnackStep] = useSnackStep(order.id, isNewHold && order.goods.length === 0);
  const totalFen = yuanToFen(order.total) + yuanToFen(order.goodsTotal);
  const leave = useLeaveWarning(!isExpired, cinemaTimeOf(order.holdExpiresAt));

  const chooseAgain = () => {
    leave.release();
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

  const banner = (
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
  );
  const cancelButton = !isExpired && (
    <button
      type="button"
      className="button order-confirm__cancel"
      onClick={() => void confirmCancel()}
      disabled={cancel.isPending}
    >
      {t('cancelOrder')}
    </button>
  );
  if (isSnackStep && !isExpired) {
    return (
      <div className="order-confirm">
        {banner}
        <OrderSummaryCard order={order} />
        <SnackStep order={order} onDone={() => setSnackStep(false)} />
        {cancelButton}
      </div>
    );
  }

  return (
    <div className="order-confirm">
      {banner}

      <OrderSummaryCard order={order} />

      <OrderSnacks order={order} isExpired={isExpired} onChange={() => setSnackStep(true)} />

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

      {cancelButton}

      <div className="order-confirm__pay">
        {props.renderPay({
          param: payParamFor('film', order.id),
          total: fenToYuan(totalFen),
          goodsTotal: order.goodsTotal,
          phone,
          isExpired,
        })}
      </div>
    </div>
  );
}

/**
 * Whether the held order shows the snack step (decision 029): first when the seat page just held
 * it (`isOffered`), once per order until the user adds snacks or skips (remembered for the tab's
 * session, so a reload goes on to paying); again whenever the user asks to add or change snacks.
 */
function useSnackStep(orderId: string, isOffered: boolean): [boolean, (isOpen: boolean) => void] {
  const key = `marquee.snackStep.${orderId}`;
  const [isOpen, setOpen] = useState(() => isOffered && sessionStorage.getItem(key) !== 'done');
  const set = (open: boolean) => {
    if (!open) sessionStorage.setItem(key, 'done');
    setOpen(open);
  };
  return [isOpen, set];
}

/** The snacks in the held order, or a way back to the snack step to add some. */
function OrderSnacks(props: { order: FilmOrder; isExpired: boolean; onChange: () => void }) {
  const t = snackMessages.useT();
  const { order } = props;
  const hasGoods = order.goods.length > 0;
  return (
    <section className="order-confirm__card" aria-labelledby="order-snacks-title">
      <div className="order-confirm__snacks-head">
        <h3 id="order-snacks-title">{t('snacks')}</h3>
        {!props.isExpired && (
          <button
            type="button"
            className="order-confirm__snacks-change"
            onClick={props.onChange}
            data-testid="snacks-change"
          >
            {hasGoods ? t('change') : t('addSnacks')}
          </button>
        )}
      </div>
      {hasGoods && (
        <>
          <ul className="order-confirm__snack-lines" data-testid="order-snacks">
            {order.goods.map((line) => (
              <li key={line.goodsInfoId}>
                <span>
                  {line.goodsName}
                  {line.goodsInfoName ? ` · ${line.goodsInfoName}` : ''} ×{line.quantity}
                </span>
                <span>¥{formatYuan(yuanToFen(line.amount))}</span>
              </li>
            ))}
          </ul>
          <dl className="order-confirm__facts">
            <div>
              <dt>{t('ticketsTotal')}</dt>
              <dd>¥{formatYuan(yuanToFen(order.total))}</dd>
            </div>
            <div>
              <dt>{t('goodsTotal')}</dt>
              <dd>¥{formatYuan(yuanToFen(order.goodsTotal))}</dd>
            </div>
          </dl>
          <p className="order-confirm__phone-hint">{t('pickupHint')}</p>
        </>
      )}
    </section>
  );
}
