import Popup from 'antd-mobile/es/components/popup';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import {
  formatYuan,
  yuanToFen,
  type PayParam,
  type StoreCard,
  cinemaClockOf,
} from '@marquee/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cinemaTimeOf } from '@/lib/show-time';
import { paths } from '@/lib/paths';
import { usePayFlow } from '../hooks/use-pay-flow';
import {
  availableMethods,
  balanceFenOf,
  cardTypeOf,
  planPayment,
  usableCards,
  type PayMethod,
} from '../pay-plan';
import { paymentMessages } from '../payment-messages';
import { PasswordKeypad } from './password-keypad';
import './pay-panel.css';

export interface PayPanelProps {
  /** What is paid: spec §3's `param` (a film order or a store order). */
  param: PayParam;
  /** Yuan. */
  total: number;
  /** Yuan: of `total`, the snacks of a film order (decision 029): cards pay per part. */
  goodsTotal?: number;
  phone: string;
  isExpired: boolean;
  /** The user's cards (GET /storeCard/getUserCareList); undefined while loading. */
  storeCard: readonly StoreCard[] | undefined;
  hasPayPassword: boolean;
  /** Card payments locked after five wrong pay passwords, until then (ISO); null: not locked. */
  payPasswordLockedUntil?: string | null;
  onSetPassword: () => void;
  onPaid: (orderId: string) => void;
  /** Open the choice of method at once (the order was just made for paying). */
  isChoosingAtStart?: boolean;
}

const methodLabel = { wechat: 'wechat', cards: 'cards', combined: 'combined' } as const;

/**
 * The pay area of /cinema/order and /store/order/payment: WeChat Pay, member cards (only those
 * usable for the order's kind, with their balances), or both (cards first, the rest by WeChat); the
 * password pad for card payments; and the state of a payment whose result is not known yet.
 */
export function PayPanel(props: PayPanelProps) {
  const t = paymentMessages.useT();
  const amountFen = yuanToFen(props.total);
  const cardType = cardTypeOf(props.param);
  const goodsFen = Math.min(yuanToFen(props.goodsTotal ?? 0), amountFen);
  const parts = useMemo(
    () => (goodsFen > 0 ? { filmFen: amountFen - goodsFen, goodsFen } : undefined),
    [amountFen, goodsFen],
  );
  const cards = useMemo(
    () => usableCards(props.storeCard ?? [], cardType, parts),
    [props.storeCard, cardType, parts],
  );
  const methods = availableMethods(amountFen, balanceFenOf(cards, parts));
  const [isChoosing, setChoosing] = useState(false);
  // The user info answers a lock only while it runs; compared with when the panel opened.
  const [mountedAt] = useState(() => Date.now());
  const [method, setMethod] = useState<PayMethod | null>(null);
  const [chosenIds, setChosenIds] = useState<string[] | null>(null);
  const [isKeypadOpen, setKeypadOpen] = useState(false);
  // A lock answered by this page's own payment, before the user info catches up.
  const [lockedHere, setLockedHere] = useState<string | null>(null);
  const flow = usePayFlow({
    param: props.param,
    phone: props.phone,
    onPaid: props.onPaid,
    onLocked: (until) => {
      setLockedHere(until);
      setKeypadOpen(false);
      setMethod(null);
      setChoosing(true);
    },
  });
  const location = useLocation();
  const forgotPath = paths.accountSecurity(`${location.pathname}${location.search}`);

  // Opened once the cards are known, so the sheet does not change its offer under the thumb.
  const isCardsKnown = props.storeCard !== undefined;
  const [hasOpenedAtStart, setOpenedAtStart] = useState(false);
  if (props.isChoosingAtStart && !hasOpenedAtStart && isCardsKnown && !props.isExpired) {
    setOpenedAtStart(true);
    setChoosing(true);
  }

  const lockedAt = lockedHere ?? props.payPasswordLockedUntil ?? null;
  const lockedUntil = lockedAt ? new Date(lockedAt) : null;
  const isLocked = lockedUntil !== null && lockedUntil.getTime() > mountedAt;
  // While card payments are locked, WeChat Pay is the default (and the only way that works).
  const fallback = isLocked && methods.includes('wechat') ? 'wechat' : methods[0]!;
  const current = method && methods.includes(method) ? method : fallback;
  const chosen = cards.filter((card) => (chosenIds ?? cards.map((c) => c.id)).includes(card.id));
  const plan = planPayment(current, amountFen, chosen, parts);
  const isBusy = flow.stage.kind === 'submitting' || flow.stage.kind === 'sheet';

  const confirm = () => {
    if (!plan.ok) return;
    setChoosing(false);
    if (plan.method === 'wechat') void flow.payWithWechat();
    else setKeypadOpen(true);
  };
  const submitPassword = async (password: string) => {
    if (!plan.ok) return null;
    const refusal = await flow.payWithCards(
      password,
      chosen.map((card) => card.id),
      plan.wechatFen,
    );
    if (refusal === null) setKeypadOpen(false);
    return refusal;
  };
  const toggleCard = (id: string) => {
    const ids = chosen.map((card) => card.id);
    setChosenIds(ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);
  };

  const stage = flow.stage;
  return (
    <div className="pay-panel pay-panel--live" data-testid="pay-panel">
      {stage.kind === 'checking' ? (
        <div className="pay-panel__checking" role="status" data-testid="payment-checking">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
          <div className="pay-panel__checking-text">
            <strong>{t('checking')}</strong>
            <p>{t('checkingHint')}</p>
          </div>
          <ResendLater onResend={() => void flow.resend()} label={t('resend')} />
        </div>
      ) : (
        <>
          {stage.kind === 'failed' ||
          stage.kind === 'cancelled' ||
          stage.kind === 'autoRefunded' ? (
            <p className="pay-panel__notice" role="alert" data-testid="payment-notice">
              {stage.kind === 'failed'
                ? stage.message
                : stage.kind === 'cancelled'
                  ? t('cancelled')
                  : t('autoRefunded')}
            </p>
          ) : null}
          <div className="pay-panel__bar">
            <p className="pay-panel__total">
              <span>{t('total')}</span>
              <strong data-testid="order-total">¥{formatYuan(amountFen)}</strong>
            </p>
            <button
              type="button"
              className="button button--primary pay-panel__button"
              disabled={props.isExpired || isBusy || props.storeCard === undefined}
              onClick={() => setChoosing(true)}
            >
              {props.isExpired
                ? t('expired')
                : isBusy
                  ? t('paying')
                  : stage.kind === 'idle'
                    ? t('payNow')
                    : t('retry')}
            </button>
          </div>
        </>
      )}

      <Popup visible={isChoosing} onMaskClick={() => setChoosing(false)} bodyClassName="pay-sheet">
        <h2 className="pay-sheet__title">{t('chooseMethod')}</h2>
        {isLocked && (
          <p className="pay-sheet__locked" role="alert" data-testid="pay-password-locked">
            {t('cardsLocked', {
              time: cinemaClockOf(lockedUntil),
            })}{' '}
            <Link to={forgotPath} className="pay-sheet__link">
              {t('forgotPassword')}
            </Link>
          </p>
        )}
        <fieldset className="pay-sheet__methods">
          <legend className="visually-hidden">{t('chooseMethod')}</legend>
          {(['cards', 'combined', 'wechat'] as const)
            .filter((option) => methods.includes(option))
            .map((option) => (
              <label key={option} className="pay-sheet__method">
                <input
                  type="radio"
                  name="pay-method"
                  value={option}
                  checked={current === option}
                  disabled={isLocked && option !== 'wechat'}
                  onChange={() => setMethod(option)}
                />
                <span className="pay-sheet__method-text">
                  <strong>{t(methodLabel[option])}</strong>
                  <small>
                    {isLocked && option !== 'wechat'
                      ? t('lockedUntil', { time: cinemaTimeOf(lockedUntil) })
                      : option === 'wechat'
                        ? cards.length === 0
                          ? t(cardType === 'film' ? 'noCardsFilm' : 'noCardsGoods')
                          : ''
                        : option === 'combined' && plan.ok && current === 'combined'
                          ? t('combinedSplit', {
                              card: formatYuan(plan.cardFen),
                              wechat: formatYuan(plan.wechatFen),
                            })
                          : t('usableBalance', { balance: formatYuan(balanceFenOf(cards)) })}
                  </small>
                </span>
              </label>
            ))}
        </fieldset>
        {current !== 'wechat' && (
          <fieldset className="pay-sheet__cards">
            <legend>{t('chooseCards')}</legend>
            {cards.map((card) => (
              <label key={card.id} className="pay-sheet__card">
                <input
                  type="checkbox"
                  checked={chosen.some((c) => c.id === card.id)}
                  onChange={() => toggleCard(card.id)}
                />
                <span>
                  {card.name} · {card.cardNo.slice(-4)}
                </span>
                <small>{t('cardBalance', { balance: formatYuan(yuanToFen(card.balance)) })}</small>
              </label>
            ))}
            {!props.hasPayPassword && (
              <p className="pay-sheet__hint">
                {t('needPassword')}{' '}
                <button type="button" className="pay-sheet__link" onClick={props.onSetPassword}>
                  {t('setPassword')}
                </button>
              </p>
            )}
          </fieldset>
        )}
        {!plan.ok && (
          <p className="pay-sheet__hint" role="alert">
            {plan.reason === 'NO_CARD_CHOSEN' ? t('chooseAtLeastOne') : t('cardsTooLittle')}
          </p>
        )}
        <button
          type="button"
          className="button button--primary pay-sheet__confirm"
          disabled={!plan.ok || (current !== 'wechat' && (!props.hasPayPassword || isLocked))}
          onClick={confirm}
        >
          {t('confirmPay', { amount: formatYuan(amountFen) })}
        </button>
      </Popup>

      <PasswordKeypad
        visible={isKeypadOpen}
        amountText={plan.ok ? formatYuan(plan.cardFen) : ''}
        isBusy={stage.kind === 'submitting'}
        forgotPath={forgotPath}
        onClose={() => setKeypadOpen(false)}
        onSubmit={submitPassword}
      />
    </div>
  );
}

/** How long "checking" runs before the user may send the same request again. */
const RESEND_AFTER_MS = 8000;

function ResendLater(props: { onResend: () => void; label: string }) {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), RESEND_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!isShown) return null;
  return (
    <button type="button" className="button pay-panel__resend" onClick={props.onResend}>
      {props.label}
    </button>
  );
}
