import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { PAY_PASSWORD_LENGTH } from '@marquee/contracts';
import { boxOfficeMessages } from '../box-office-messages';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The member's 6-digit pay password on the till's screen: dots only (the digits are never shown),
 * a keypad the member taps, and the keyboard's digits for a till with a PIN pad. Submits at the
 * sixth digit; `resetKey` changes to start again (after a wrong password).
 */
export function PinPad(props: {
  isBusy: boolean;
  resetKey: number;
  onComplete: (password: string) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const [digits, setDigits] = useState('');
  const [seenReset, setSeenReset] = useState(props.resetKey);
  if (seenReset !== props.resetKey) {
    setSeenReset(props.resetKey);
    setDigits('');
  }
  const { isBusy, onComplete } = props;

  const press = (key: string) => {
    if (isBusy) return;
    if (key === 'back') return setDigits((current) => current.slice(0, -1));
    if (key === 'clear') return setDigits('');
    if (digits.length >= PAY_PASSWORD_LENGTH) return;
    const next = digits + key;
    setDigits(next);
    if (next.length === PAY_PASSWORD_LENGTH) onComplete(next);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Digits typed into a field (the card search) are not the password.
      if (event.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') press('back');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const keyStyle = { height: 60, fontSize: 24, touchAction: 'manipulation' } as const;
  return (
    <div data-testid="pin-pad">
      <div
        style={{ display: 'flex', justifyContent: 'center', gap: 10, margin: '8px 0 14px' }}
        aria-live="polite"
      >
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, index) => (
          <span
            key={index}
            style={{
              width: 44,
              height: 52,
              border: '2px solid #d9d9d9',
              borderRadius: 8,
              display: 'grid',
              placeItems: 'center',
              fontSize: 28,
            }}
          >
            {index < digits.length ? '●' : ''}
          </span>
        ))}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
        {DIGITS.map((key) => (
          <Button
            key={key}
            disabled={isBusy}
            onClick={() => press(key)}
            style={keyStyle}
            data-testid={`pin-${key}`}
          >
            {key}
          </Button>
        ))}
        <Button
          disabled={isBusy}
          onClick={() => press('clear')}
          style={{ ...keyStyle, fontSize: 16 }}
        >
          {t('padClear')}
        </Button>
        <Button disabled={isBusy} onClick={() => press('0')} style={keyStyle} data-testid="pin-0">
          0
        </Button>
        <Button
          disabled={isBusy}
          onClick={() => press('back')}
          style={{ ...keyStyle, fontSize: 16 }}
        >
          {t('padBack')}
        </Button>
      </div>
    </div>
  );
}
