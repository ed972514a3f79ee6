import { ErrorCode } from '@marquee/contracts';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import Popup from 'antd-mobile/es/components/popup';
import { Toast } from '@/lib/antd-mobile-imperative';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api/api-error';
import { paths } from '@/lib/paths';
import { forgetPayKey } from '@/lib/pay-password-transform';
import { useFirstPasswordProof } from '../api/first-password-proof';
import { useResetPayPassword } from '../api/reset-pay-password';
import { useSetPayPassword } from '../api/set-pay-password';
import {
  enterDigits,
  retryNewPassword,
  retryOldPassword,
  startFlow,
  type FlowState,
} from '../pay-password-flow';
import { payPasswordMessages } from '../pay-password-messages';
import { FirstPasswordCodeStep, FreshAuthorisationStep } from './first-password-proof';
import './pay-password-sheet.css';

const stepLabel = { old: 'stepOld', new: 'stepNew', confirm: 'stepConfirm' } as const;

/**
 * A first pay password on an account with card money first asks for a second proof (decision
 * 046): a code texted to the bound phone, checked before the new password is typed, or a fresh
 * WeChat authorisation. Set (new, confirm), change (old, new, confirm) or reset (new, confirm, with a code sent to the
 * bound phone: `resetCode`) the 6-digit pay password with antd-mobile's
 * passcode cells and number pad. Problems found here (format, trivial, mismatch) never reach the
 * server; the server's refusals (wrong old password, locked, stale) show its message.
 */
export function PayPasswordSheet(props: {
  visible: boolean;
  hasPayPassword: boolean;
  /** 忘记支付密码: the SMS code that stands in for the old password. */
  resetCode?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = payPasswordMessages.useT();
  const isReset = props.resetCode !== undefined;
  const asksOld = props.hasPayPassword && !isReset;
  const [flow, setFlow] = useState<FlowState>(() => startFlow(asksOld));
  const [digits, setDigits] = useState('');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const input = useRef<PasscodeInputRef>(null);
  const onSaved = () => {
    Toast.show({ icon: 'success', content: t('saved') });
    props.onSaved();
  };
  const setMutation = useSetPayPassword(onSaved);
  const resetMutation = useResetPayPassword(onSaved);
  const isPending = setMutation.isPending || resetMutation.isPending;
  // A first pay password (not a reset): what it needs besides the session, asked at each opening.
  const isFirst = !props.hasPayPassword && !isReset;
  const proof = useFirstPasswordProof(props.visible && isFirst);
  const [proofCode, setProofCode] = useState<string | null>(null);
  const proofStep = !isFirst
    ? 'none'
    : proof.isPending
      ? 'checking'
      : proof.data?.proof === 'phoneCode' && proofCode === null
        ? 'phoneCode'
        : proof.data?.proof === 'wechatAuthorisation'
          ? 'wechatAuthorisation'
          : 'none';
  const isTypingPassword = proofStep === 'none';

  // Each opening starts afresh: reset while rendering the change (no effect setting state).
  const opening = props.visible ? `open:${asksOld}` : 'closed';
  const [lastOpening, setLastOpening] = useState(opening);
  if (opening !== lastOpening) {
    setLastOpening(opening);
    if (props.visible) {
      setFlow(startFlow(asksOld));
      setDigits('');
      setServerMessage(null);
      setProofCode(null);
    }
  }
  useEffect(() => {
    if (!props.visible || !isTypingPassword) return;
    const timer = window.setTimeout(() => input.current?.focus(), 300);
    return () => window.clearTimeout(timer);
  }, [props.visible, props.hasPayPassword, isTypingPassword]);

  async function submit(ready: FlowState) {
    try {
      if (isReset) {
        await resetMutation.mutateAsync({ code: props.resetCode!, password: ready.newPassword! });
      } else {
        await setMutation.mutateAsync({
          password: ready.newPassword!,
          oldPassword: ready.oldPassword,
          code: proofCode ?? undefined,
        });
      }
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      const isCodeRefused =
        code === ErrorCode.PHONE_CODE_WRONG || code === ErrorCode.PHONE_CODE_EXPIRED;
      if (isFirst && (isCodeRefused || code === ErrorCode.FIRST_PAY_PASSWORD_NEEDS_PROOF)) {
        // The proof, not the password, was refused (or became needed): ask for it again.
        setServerMessage(isApiError(error) ? error.message : String(error));
        setProofCode(null);
        setFlow(startFlow(false));
        void proof.refetch();
        return;
      }
      if (isCodeRefused) {
        // The code, not the password, was refused: back to the page that asks for it.
        Toast.show({ content: isApiError(error) ? error.message : String(error) });
        props.onClose();
        return;
      }
      setServerMessage(isApiError(error) ? error.message : String(error));
      if (code === ErrorCode.PAYLOAD_STALE) forgetPayKey();
      // A wrong or locked old password: ask for the old one again (the message says how long).
      const isOldRefused =
        code === ErrorCode.PAY_PASSWORD_WRONG || code === ErrorCode.PAY_PASSWORD_LOCKED;
      setFlow(isOldRefused ? retryOldPassword(ready) : retryNewPassword(ready));
      input.current?.focus();
    }
  }

  function onFill(value: string) {
    const next = enterDigits(flow, value);
    setServerMessage(null);
    setFlow(next);
    setDigits('');
    if (next.isReady) void submit(next);
  }

  const problem = serverMessage ?? (flow.problem ? t(flow.problem) : null);
  const title = isReset ? t('resetTitle') : props.hasPayPassword ? t('changeTitle') : t('setTitle');
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      destroyOnClose
      bodyClassName="pay-password-sheet"
    >
      <div role="dialog" aria-label={title} className="pay-password-sheet__body">
        <header className="pay-password-sheet__header">
          <h2>{title}</h2>
          <button type="button" className="pay-password-sheet__close" onClick={props.onClose}>
            {t('close')}
          </button>
        </header>
        {proofStep === 'checking' && (
          <p className="pay-password-sheet__message">{t('proofChecking')}</p>
        )}
        {proofStep === 'phoneCode' && (
          <FirstPasswordCodeStep
            maskedPhone={proof.data?.maskedPhone ?? null}
            onVerified={(code) => {
              setServerMessage(null);
              setProofCode(code);
            }}
          />
        )}
        {proofStep === 'wechatAuthorisation' && <FreshAuthorisationStep />}
        {proofStep !== 'none' && serverMessage && (
          <p className="pay-password-sheet__message" role="alert">
            {serverMessage}
          </p>
        )}
        {isTypingPassword && (
          <>
            <p className="pay-password-sheet__step" data-testid="pay-password-step">
              {t(stepLabel[flow.step])}
            </p>
            <PasscodeInput
              ref={input}
              length={6}
              value={digits}
              onChange={setDigits}
              onFill={onFill}
              error={problem !== null}
              aria-label={t('passcodeLabel')}
              keyboard={<NumberKeyboard randomOrder={false} />}
            />
            <p className="pay-password-sheet__message" role={problem ? 'alert' : undefined}>
              {isPending ? t('submitting') : (problem ?? t('hint'))}
            </p>
          </>
        )}
        {flow.step === 'old' && (
          <Link
            to={paths.accountSecurity()}
            className="pay-password-sheet__forgot"
            onClick={props.onClose}
          >
            {t('forgot')}
          </Link>
        )}
      </div>
    </Popup>
  );
}
