import {
  ErrorCode,
  isMobilePhone,
  type CallAnswer,
  type PayParam,
  type paymentStatusCall,
  fenToYuan,
} from '@marquee/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CLIENT_ERROR, isApiError } from '@/lib/api/api-error';
import { requestPayment } from '@/lib/messenger-pay';
import type { PaySignFields } from '@/lib/pay-sign-fields';
import { encryptPassword, forgetPayKey } from '@/lib/pay-password-transform';
import { randomString } from '@/lib/random';
import { cancelPayment } from '../api/cancel-payment';
import { paymentStatusQuery, STATUS_POLL_MS, type PaymentRef } from '../api/get-payment-status';
import { payByCard } from '../api/pay-by-card';
import { payByWechat } from '../api/pay-by-wechat';
import { paymentMessages } from '../payment-messages';
import { queryKeys } from '@/lib/query-keys';

export type PayStage =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'sheet' }
  | { kind: 'checking'; ref: PaymentRef }
  | { kind: 'cancelled' }
  | { kind: 'autoRefunded' }
  | { kind: 'failed'; message: string };

/** Errors after which we cannot know whether the server charged: ask it instead of guessing. */
const UNKNOWN_RESULT = new Set<number>([
  CLIENT_ERROR.TIMEOUT,
  CLIENT_ERROR.NETWORK,
  CLIENT_ERROR.EMPTY_ANSWER,
]);
/** Refusals the password keypad shows while staying open. */
const KEYPAD_ERRORS = new Set<number>([
  ErrorCode.PAY_PASSWORD_WRONG,
  ErrorCode.PAYLOAD_STALE,
  ErrorCode.PAY_PASSWORD_LOCKED,
]);

type PaymentStatusAnswer = CallAnswer<typeof paymentStatusCall>;

/** What a payment changes: balances, the order's state, the seat page's pending-order banner. */
function refreshAfterPayment(queryClient: QueryClient) {
  for (const queryKey of [queryKeys.cards.all, queryKeys.filmOrders.all, queryKeys.orders.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Paying one order, from the confirm button to a known result. Each attempt gets an idempotency
 * key that is reused when the same attempt is retried after a network failure, so a retry never
 * charges twice. A result that is not known yet is "checking", never "failed".
 */
export function usePayFlow(options: {
  /** Spec §3's `param`: the film or store order being paid. */
  param: PayParam;
  phone: string;
  onPaid: (orderId: string) => void;
  /** Five wrong pay passwords locked card payments until then (ISO): offer another way. */
  onLocked?: (lockedUntil: string) => void;
}) {
  const t = paymentMessages.useT();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PayStage>({ kind: 'idle' });
  const attemptKey = useRef<string | null>(null);
  const keyForAttempt = () => (attemptKey.current ??= `pay-${randomString(24)}`);
  const endAttempt = () => {
    attemptKey.current = null;
  };
  const { param } = options;
  const phone = isMobilePhone(options.phone) ? options.phone.trim() : undefined;

  const { onPaid } = options;
  const { orderId } = param;

  /**
   * Each run of "checking" has a number; moving to any other stage (or leaving the page) starts a
   * new one, which stops the older run's polling. The machine moves only in these handlers.
   */
  const checkRun = useRef(0);
  useEffect(
    () => () => {
      checkRun.current += 1;
    },
    [],
  );
  const moveTo = useCallback((next: PayStage) => {
    checkRun.current += 1;
    setStage(next);
  }, []);

  /** Ask the server until the payment is settled (paid, failed, cancelled, refunded). */
  const check = useCallback(
    async (ref: PaymentRef) => {
      const run = (checkRun.current += 1);
      setStage({ kind: 'checking', ref });
      for (;;) {
        let answer: PaymentStatusAnswer | undefined;
        try {
          answer = await queryClient.fetchQuery({
            ...paymentStatusQuery(ref),
            retry: false,
            staleTime: 0,
          });
        } catch (error) {
          if (run !== checkRun.current) return;
          if (isApiError(error) && error.code === ErrorCode.NOT_FOUND) {
            // The request never reached the server: nothing was charged; the same key may try again.
            setStage({ kind: 'failed', message: t('failedNoReason') });
            return;
          }
          // Not known yet (the network again): keep asking.
        }
        if (run !== checkRun.current) return;
        if (answer?.isSettled) {
          endAttempt();
          refreshAfterPayment(queryClient);
          if (answer.isAutoRefunded) setStage({ kind: 'autoRefunded' });
          else if (answer.status === 'succeeded') onPaid(orderId);
          else if (answer.status === 'cancelled') setStage({ kind: 'cancelled' });
          else setStage({ kind: 'failed', message: t('failedNoReason') });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
        if (run !== checkRun.current) return;
      }
    },
    [onPaid, orderId, queryClient, t],
  );

  const openSheet = useCallback(
    async (fields: PaySignFields & { paymentId: string }) => {
      moveTo({ kind: 'sheet' });
      const release = () => void cancelPayment(fields.paymentId).catch(() => undefined);
      const outcome = await requestPayment(fields, {
        onCancel: () => {
          release();
          moveTo({ kind: 'cancelled' });
        },
        // WeChat's reason (errMsg, the sandbox's note) is for developers: the person gets ours.
        onFail: () => {
          release();
          moveTo({ kind: 'failed', message: t('failedNoReason') });
        },
      });
      if (outcome === 'success') void check({ paymentId: fields.paymentId });
      else endAttempt();
    },
    [check, moveTo, t],
  );

  const handleError = (error: unknown) => {
    if (isApiError(error) && UNKNOWN_RESULT.has(error.code)) {
      void check({ orderId });
      return;
    }
    endAttempt();
    moveTo({ kind: 'failed', message: messageOf(error) });
  };

  /**
   * The last request exactly as sent (same key, same encrypted password): re-sent when its result
   * stays unknown. The server replays the answer if it had it, or handles it for the first time.
   */
  const lastSend = useRef<(() => Promise<void>) | null>(null);

  const payWithWechat = async () => {
    const key = keyForAttempt();
    lastSend.current = async () => openSheet(await payByWechat({ param, phone }, key));
    moveTo({ kind: 'submitting' });
    try {
      await lastSend.current();
    } catch (error) {
      handleError(error);
    }
  };

  /** Resolves with a message for the keypad when it should stay open (wrong password, stale). */
  const payWithCards = async (password: string, cardIdList: string[], wechatFen: number) => {
    moveTo({ kind: 'submitting' });
    try {
      const key = keyForAttempt();
      const body = {
        password: await encryptPassword(password),
        param,
        phone,
        cardIdList,
        payDetailParam: wechatFen > 0 ? { wechatAmount: fenToYuan(wechatFen) } : undefined,
      };
      lastSend.current = async () => {
        const answer = await payByCard(body, key);
        if (answer.wechatPay) return openSheet(answer.wechatPay);
        endAttempt();
        refreshAfterPayment(queryClient);
        onPaid(answer.orderId);
      };
      await lastSend.current();
      return null;
    } catch (error) {
      if (isApiError(error) && KEYPAD_ERRORS.has(error.code)) {
        if (error.code === ErrorCode.PAYLOAD_STALE) forgetPayKey();
        // The fifth wrong try locks card payments: the user info says until when (pay sheet).
        if (error.code === ErrorCode.PAY_PASSWORD_LOCKED) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
          const details = error.data as { lockedUntil?: unknown } | null;
          if (typeof details?.lockedUntil === 'string') options.onLocked?.(details.lockedUntil);
        }
        moveTo({ kind: 'idle' });
        return error.message;
      }
      handleError(error);
      return null;
    }
  };

  /** "Checking" for a while without an answer: send the same request again (never a new charge). */
  const resend = async () => {
    if (!lastSend.current) return;
    moveTo({ kind: 'submitting' });
    try {
      await lastSend.current();
    } catch (error) {
      handleError(error);
    }
  };

  return { stage, payWithWechat, payWithCards, resend, reset: () => moveTo({ kind: 'idle' }) };
}
