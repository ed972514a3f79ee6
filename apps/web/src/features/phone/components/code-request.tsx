import { ErrorCode, type PhoneCodePurpose } from '@marquee/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { securityLogQuery, useSendPhoneCode } from '../api/phone-codes';
import { phoneMessages } from '../phone-messages';

/**
 * "获取验证码" with its one-minute countdown, then the 6-digit code field. `phone` is the number
 * to bind (for a reset, or the proof before a change, the server texts the bound phone). The sandbox's SMS inbox is linked so a
 * tester can read the code; a real site never answers that link.
 */
export function CodeRequest(props: {
  purpose: PhoneCodePurpose;
  phone?: string;
  canSend: boolean;
  code: string;
  onCode: (code: string) => void;
}) {
  const t = phoneMessages.useT();
  const send = useSendPhoneCode();
  const queryClient = useQueryClient();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (waitUntil <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [waitUntil, now]);
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  const request = () =>
    send.mutate(
      props.purpose === 'bindPhone'
        ? { purpose: 'bindPhone', phone: props.phone ?? '' }
        : { purpose: props.purpose },
      {
        onSuccess: (answer) => {
          setNow(Date.now());
          setWaitUntil(Date.now() + answer.resendAfterSeconds * 1000);
        },
        onError: (error) => {
          // A reset refused after a phone change is in the security log: show it there too.
          if (isApiError(error) && error.code === ErrorCode.PAY_PASSWORD_RESET_HELD) {
            void queryClient.invalidateQueries({ queryKey: securityLogQuery.queryKey });
          }
          const details = isApiError(error)
            ? (error.data as { retryAfterSeconds?: number } | null)
            : null;
          const retry = Number(details?.retryAfterSeconds ?? 0);
          if (retry > 0) {
            setNow(Date.now());
            setWaitUntil(Date.now() + retry * 1000);
          }
        },
      },
    );

  const inputId = `code-${props.purpose}`;
  return (
    <div className="code-request">
      <div className="code-request__row">
        <label htmlFor={inputId} className="visually-hidden">
          {t('codeLabel')}
        </label>
        <input
          id={inputId}
          className="field-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('codePlaceholder')}
          value={props.code}
          onChange={(event) => props.onCode(event.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="code-request__send"
          disabled={!props.canSend || send.isPending || waitSeconds > 0}
          onClick={request}
        >
          {waitSeconds > 0 ? t('resend', { s: waitSeconds }) : t('send')}
        </button>
      </div>
      {send.data && (
        <p className="code-request__note" role="status">
          {t('sentTo', { phone: send.data.maskedPhone })}
          {send.data.sandboxInboxUrl && (
            <>
              {' · '}
              <a href={send.data.sandboxInboxUrl} target="_blank" rel="noreferrer">
                {t('sandboxInbox')}
              </a>
            </>
          )}
        </p>
      )}
      {send.error && (
        <p className="code-request__error" role="alert">
          {send.error.message}
        </p>
      )}
    </div>
  );
}
