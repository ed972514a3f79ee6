import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Tabs } from 'antd';
import { yuanToFen, fenToYuan } from '@marquee/contracts';
import type {
  CounterCard,
  CounterPayAnswer,
  CounterPayMethod,
  CounterSale,
} from '@marquee/contracts/console';
import { yuan } from '@/lib/money';
import { useAskOnce } from '@/lib/use-ask-once';
import { encryptPassword, forgetPayKey } from '@/lib/pay-password-transform';
import { counterPayStatusCall } from '@marquee/contracts/console';
import { api, isApiError } from '@/lib/api/api-client';
import { newAttemptKey, PAY_STATUS_POLL_MS, useCounterPay } from '../api/use-counter-pay';
import { boxOfficeMessages } from '../box-office-messages';
import type { CardSplit } from '../split-tender';
import { CardTab } from './card-tab';
import { CashTab } from './cash-tab';
import { WechatTab, type WechatMode } from './wechat-tab';

type PayBody = Parameters<ReturnType<typeof useCounterPay>['mutate']>[0]['body'];

/** A split's card part, chosen on the card tab and sent with the rest's payment. */
interface PendingCardPart {
  card: CounterCard;
  /** The member's pay password, encrypted when typed. */
  password: string;
  cardFen: number;
}

/**
 * Mounted once per sale (keyed by its order): each sale starts on a clean drawer.
 *
 * Taking the money for a sale: cash, a member's card or WeChat Pay, one tab each, or a split: the
 * card tab takes the card's part (amount and password) and hands the rest to the cash or WeChat
 * tab, which sends both as one payment. A stray Esc or
 * a tap beside the drawer does not lose what was typed: the drawer asks first, and warns when a
 * WeChat payment may be under way on the customer's phone.
 */
export function PayDrawer(props: {
  sale: CounterSale | null;
  onClose: () => void;
  onPaid: (answer: CounterPayAnswer) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const ask = useAskOnce();
  const { sale } = props;
  const totalFen = sale ? yuanToFen(sale.amount) : 0;
  const pay = useCounterPay();
  const [method, setMethod] = useState<CounterPayMethod>('cash');
  const [tendered, setTendered] = useState('');
  const [cardQuery, setCardQuery] = useState('');
  const [cardRefusal, setCardRefusal] = useState<string | null>(null);
  const [pinReset, setPinReset] = useState(0);
  const [wechatMode, setWechatMode] = useState<WechatMode>('micropay');
  const [paymentCode, setPaymentCode] = useState('');
  const [codeUrl, setCodeUrl] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cashError, setCashError] = useState<string | null>(null);
  const [cardPart, setCardPart] = useState<PendingCardPart | null>(null);
  const [splitDropped, setSplitDropped] = useState<string | null>(null);
  /** What cash or WeChat takes: the total less a split's card part. */
  const restFen = totalFen - (cardPart?.cardFen ?? 0);
  const cardPartBody = cardPart
    ? {
        cardId: cardPart.card.cardId,
        password: cardPart.password,
        amount: fenToYuan(cardPart.cardFen),
      }
    : undefined;
  /** The attempt's idempotency key, kept while its answer is unknown (a lost answer is resent). */
  const attempt = useRef<string | null>(null);

  const { onPaid } = props;
  /** The order whose WeChat payment is being asked about; null stops the asking. */
  const polling = useRef<string | null>(null);
  useEffect(
    () => () => {
      polling.current = null;
    },
    [],
  );

  /** Ask until a waiting WeChat payment ends (paid or failed), every couple of seconds. */
  const pollUntilDone = async (orderId: string) => {
    polling.current = orderId;
    while (polling.current === orderId) {
      await new Promise((resolve) => window.setTimeout(resolve, PAY_STATUS_POLL_MS));
      if (polling.current !== orderId) return;
      const answer = await api(counterPayStatusCall, { query: { orderId } }).catch(() => null);
      if (polling.current !== orderId) return;
      // A lost answer is asked again; only an ended payment stops the asking.
      if (!answer || answer.status === 'waiting') continue;
      polling.current = null;
      setWaitingFor(null);
      if (answer.status === 'paid') onPaid(answer);
      else {
        setCodeUrl(null);
        setFailure(answer.failure ?? '');
      }
    }
  };

  /** Send one attempt; answers the refusal's message for a refusal, or null. */
  const send = async (body: PayBody): Promise<string | null> => {
    attempt.current ??= newAttemptKey();
    try {
      const answer = await pay.mutateAsync({ body, key: attempt.current });
      attempt.current = null;
      if (answer.status === 'paid') onPaid(answer);
      else if (answer.status === 'waiting') {
        setCodeUrl(answer.codeUrl);
        setWaitingFor(answer.sale.orderId);
        void pollUntilDone(answer.sale.orderId);
      } else setFailure(answer.failure ?? '');
      return null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A refusal from the server ends the attempt; a lost answer keeps the key for the retry.
      if (isApiError(error) && error.code > 0) {
        attempt.current = null;
        // A refused split starts again from the card (its password was used up).
        if (cardPart) {
          setCardPart(null);
          setSplitDropped(message);
        }
      }
      return message;
    }
  };

  const payCash = async (tenderedFen: number) => {
    if (!sale) return;
    setCashError(
      await send({
        method: 'cash',
        orderId: sale.orderId,
        tendered: fenToYuan(tenderedFen),
        cardPart: cardPartBody,
      }),
    );
  };

  const payCard = async (card: CounterCard, password: string, split: CardSplit | null) => {
    if (!sale) return;
    setCardRefusal(null);
    let encrypted: string;
    try {
      encrypted = await encryptPassword(password);
    } catch (error) {
      forgetPayKey();
      setCardRefusal(error instanceof Error ? error.message : String(error));
      setPinReset((key) => key + 1);
      return;
    }
    if (split) {
      setSplitDropped(null);
      setCardPart({ card, password: encrypted, cardFen: split.cardFen });
      setTendered('');
      if (split.rest === 'cash') setMethod('cash');
      else {
        setWechatMode(split.rest === 'wechatMicropay' ? 'micropay' : 'native');
        setMethod('wechat');
      }
      return;
    }
    const refusal = await send({
      method: 'card',
      orderId: sale.orderId,
      cardId: card.cardId,
      password: encrypted,
    });
    if (refusal) {
      setCardRefusal(refusal);
      setPinReset((key) => key + 1);
    }
  };

  const payWechat = async (body: PayBody) => {
    setFailure(null);
    const refusal = await send(body);
    if (refusal) setFailure(refusal);
  };

  const isDirty =
    waitingFor !== null ||
    tendered !== '' ||
    cardQuery.trim() !== '' ||
    paymentCode.trim() !== '' ||
    codeUrl !== null ||
    cardPart !== null;
  const close = () => {
    if (pay.isPending) return;
    if (!isDirty) return props.onClose();
    ask({
      title: t('discardPayTitle'),
      content: waitingFor !== null ? t('discardWaitingText') : t('discardPayText'),
      okText: t('discardOk'),
      cancelText: t('keepPaying'),
      okButtonProps: { danger: true, 'data-testid': 'pay-discard' },
      onOk: () => {
        polling.current = null;
        setWaitingFor(null);
        props.onClose();
      },
    });
  };

  return (
    <Drawer
      open={sale !== null}
      onClose={close}
      title={t('payTitle', { amount: yuan(totalFen) })}
      width={620}
      destroyOnHidden
      styles={{ header: { fontSize: 20 } }}
      data-testid="pay-drawer"
    >
      {cardPart && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12, fontSize: 16 }}
          data-testid="split-banner"
          message={t('splitBanner', {
            card: cardPart.card.name,
            cardAmount: yuan(cardPart.cardFen),
            rest: yuan(restFen),
          })}
          action={
            <Button
              disabled={waitingFor !== null || pay.isPending}
              onClick={() => {
                setCardPart(null);
                setTendered('');
              }}
              data-testid="split-cancel"
            >
              {t('splitCancel')}
            </Button>
          }
        />
      )}
      {splitDropped && !cardPart && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setSplitDropped(null)}
          style={{ marginBottom: 12 }}
          message={t('splitDropped', { reason: splitDropped })}
          data-testid="split-dropped"
        />
      )}
      <Tabs
        activeKey={method}
        onChange={(key) => {
          // A split's rest is taken on the tab it named; the card tab starts the split again.
          if (waitingFor !== null || pay.isPending) return;
          if (cardPart && key === 'card') setCardPart(null);
          setMethod(key as CounterPayMethod);
        }}
        size="large"
        items={[
          {
            key: 'cash',
            label: <span data-testid="pay-tab-cash">{t('payCash')}</span>,
            children: (
              <>
                <CashTab
                  totalFen={restFen}
                  tendered={tendered}
                  onTendered={(text) => {
                    setCashError(null);
                    setTendered(text);
                  }}
                  isBusy={pay.isPending}
                  onConfirm={(fen) => void payCash(fen)}
                />
                {cashError && (
                  <div style={{ color: '#cf1322', marginTop: 12 }} data-testid="cash-error">
                    {cashError}
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'card',
            label: <span data-testid="pay-tab-card">{t('payCard')}</span>,
            children: (
              <CardTab
                totalFen={totalFen}
                query={cardQuery}
                onQuery={setCardQuery}
                isBusy={pay.isPending}
                refusal={cardRefusal}
                resetKey={pinReset}
                onPay={(card, password, split) => void payCard(card, password, split)}
              />
            ),
          },
          {
            key: 'wechat',
            label: <span data-testid="pay-tab-wechat">{t('payWechat')}</span>,
            children: sale && (
              <WechatTab
                mode={wechatMode}
                onMode={setWechatMode}
                code={paymentCode}
                onCode={setPaymentCode}
                codeUrl={codeUrl}
                isBusy={pay.isPending}
                isWaiting={waitingFor !== null}
                failure={failure}
                onMicropay={(authCode) =>
                  void payWechat({
                    method: 'wechatMicropay',
                    orderId: sale.orderId,
                    authCode,
                    cardPart: cardPartBody,
                  })
                }
                onNative={() =>
                  void payWechat({
                    method: 'wechatNative',
                    orderId: sale.orderId,
                    cardPart: cardPartBody,
                  })
                }
                onRetry={() => {
                  setFailure(null);
                  setPaymentCode('');
                  setCodeUrl(null);
                }}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
