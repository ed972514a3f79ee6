import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput, { type PasscodeInputRef } from 'antd-mobile/es/components/passcode-input';
import Popup from 'antd-mobile/es/components/popup';
import { PAY_PASSWORD_LENGTH } from '@marquee/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paymentMessages } from '../payment-messages';

/**
 * The 6-digit pay password pad of a card payment. Submits once six digits are in; a refusal that
 * lets the user try again (wrong password, stale entry) shows here and clears the cells. Under the
 * pad, 忘记支付密码 leads to the reset by texted code (`forgotPath` comes back here).
 */
export function PasswordKeypad(props: {
  visible: boolean;
  amountText: string;
  isBusy: boolean;
  forgotPath: string;
  onClose: () => void;
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const t = paymentMessages.useT();
  const [digits, setDigits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<PasscodeInputRef>(null);
  const { visible } = props;

  // Each opening starts empty: reset while rendering the change (no effect setting state).
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) {
      setDigits('');
      setError(null);
    }
  }
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => input.current?.focus(), 300);
    return () => window.clearTimeout(timer);
  }, [visible]);

  const fill = async (value: string) => {
    setDigits(value);
    if (value.length < PAY_PASSWORD_LENGTH) return;
    const refusal = await props.onSubmit(value);
    setDigits('');
    setError(refusal);
  };

  return (
    <Popup visible={visible} onMaskClick={props.onClose} bodyClassName="pay-keypad" destroyOnClose>
      <div className="pay-keypad__head">
        <button
          type="button"
          className="pay-keypad__close"
          onClick={props.onClose}
          aria-label={t('close')}
        >
          ×
        </button>
        <h2 id="pay-keypad-title">{t('enterPassword')}</h2>
        <p className="pay-keypad__amount">{t('passwordFor', { amount: props.amountText })}</p>
      </div>
      <div className="pay-keypad__cells" aria-labelledby="pay-keypad-title">
        <PasscodeInput
          ref={input}
          length={PAY_PASSWORD_LENGTH}
          value={digits}
          onChange={(value) => void fill(value)}
          error={Boolean(error)}
          keyboard={<NumberKeyboard />}
          plain={false}
          seperated
        />
      </div>
      <p className="pay-keypad__error" role="alert" aria-live="assertive">
        {props.isBusy ? t('paying') : (error ?? '')}
      </p>
      <p className="pay-keypad__forgot">
        <Link to={props.forgotPath} className="pay-sheet__link">
          {t('forgotPassword')}
        </Link>
      </p>
    </Popup>
  );
}
