import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { authoriseAgain } from '@/lib/api/session-expiry';
import { useCheckFirstPasswordCode, useSendFirstPasswordCode } from '../api/first-password-proof';
import { payPasswordMessages } from '../pay-password-messages';

/**
 * The step before a first pay password on an account with card money (decision 046): a code
 * texted to the bound phone, checked here before the new password is typed (`onVerified` hands
 * it on: setPassword uses it).
 */
export function FirstPasswordCodeStep(props: {
  maskedPhone: string | null;
  onVerified: (code: string) => void;
}) {
  const t = payPasswordMessages.useT();
  const send = useSendFirstPasswordCode();
  const check = useCheckFirstPasswordCode();
  const [code, setCode] = useState('');
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (waitUntil <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [waitUntil, now]);
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const request = () =>
    send.mutate(undefined, {
      onSuccess: (answer) => {
        setNow(Date.now());
        setWaitUntil(Date.now() + answer.resendAfterSeconds * 1000);
      },
      onError: (error) => {
        const details = isApiError(error)
          ? (error.data as { retryAfterSeconds?: number } | null)
          : null;
        const retry = Number(details?.retryAfterSeconds ?? 0);
        if (retry > 0) {
          setNow(Date.now());
          setWaitUntil(Date.now() + retry * 1000);
        }
      },
    });
  const verify = () => check.mutate(code, { onSuccess: () => props.onVerified(code) });
  const problem = send.error ?? check.error;

  return (
    <div className="first-password-proof">
      <p className="pay-password-sheet__step" data-testid="pay-password-step">
        {t('proofCodeStep', { phone: props.maskedPhone ?? '' })}
      </p>
      <div className="first-password-proof__row">
        <label htmlFor="first-password-code" className="visually-hidden">
          {t('proofCodeLabel')}
        </label>
        <input
          id="first-password-code"
          className="first-password-proof__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('proofCodePlaceholder')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="first-password-proof__button"
          disabled={send.isPending || waitSeconds > 0}
          onClick={request}
        >
          {waitSeconds > 0 ? t('proofResend', { s: waitSeconds }) : t('proofSend')}
        </button>
      </div>
      {send.data && (
        <p className="first-password-proof__note" role="status">
          {t('proofSentTo', { phone: send.data.maskedPhone })}
          {send.data.sandboxInboxUrl && (
            <>
              {' · '}
              <a href={send.data.sandboxInboxUrl} target="_blank" rel="noreferrer">
                {t('proofSandboxInbox')}
              </a>
            </>
          )}
        </p>
      )}
      {problem && (
        <p className="pay-password-sheet__message" role="alert">
          {problem.message}
        </p>
      )}
      <button
        type="button"
        className="first-password-proof__button first-password-proof__button--primary"
        disabled={code.length !== 6 || check.isPending}
        onClick={verify}
      >
        {t('proofVerify')}
      </button>
    </div>
  );
}

/** No phone bound: a WeChat authorisation of the last 10 minutes stands in; come back here. */
export function FreshAuthorisationStep() {
  const t = payPasswordMessages.useT();
  return (
    <div className="first-password-proof">
      <p className="pay-password-sheet__step" data-testid="pay-password-step">
        {t('proofAuthoriseStep')}
      </p>
      <button
        type="button"
        className="first-password-proof__button first-password-proof__button--primary"
        onClick={authoriseAgain}
      >
        {t('proofAuthorise')}
      </button>
    </div>
  );
}
