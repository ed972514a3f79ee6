import { Button, Input } from 'antd';
import { pressPadKey, type PadKey } from '../cash-tender';
import { boxOfficeMessages } from '../box-office-messages';

const KEYS: PadKey[] = ['7', '8', '9', '4', '5', '6', '1', '2', '3', '00', '0', '.'];
/** What a keyboard may type into the amount: up to six digits of yuan and two of fen. */
const TYPED = /^\d{0,6}(\.\d{0,2})?$/;

/**
 * An amount in yuan typed on the till's touch pad or its keyboard: the figure large, the pad
 * beneath it, Enter submits.
 */
export function AmountPad(props: {
  value: string;
  onChange: (value: string) => void;
  onEnter?: () => void;
  placeholder: string;
  label: string;
  testId: string;
}) {
  const t = boxOfficeMessages.useMessages();
  const press = (key: PadKey) => props.onChange(pressPadKey(props.value, key));
  const keyStyle = { height: 56, fontSize: 22, touchAction: 'manipulation' } as const;
  return (
    <div>
      <Input
        size="large"
        prefix="¥"
        value={props.value}
        inputMode="decimal"
        placeholder={props.placeholder}
        aria-label={props.label}
        autoComplete="off"
        onChange={(event) => {
          const typed = event.target.value.trim();
          if (TYPED.test(typed)) props.onChange(typed);
        }}
        onPressEnter={props.onEnter}
        style={{ height: 60, fontSize: 28, fontWeight: 600 }}
        data-testid={props.testId}
      />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, 1fr) 1.2fr',
          gap: 8,
          marginTop: 10,
        }}
      >
        {KEYS.map((key, index) => (
          <Button
            key={key}
            onClick={() => press(key)}
            style={{ ...keyStyle, gridColumn: (index % 3) + 1 }}
            data-testid={`pad-${key}`}
          >
            {key}
          </Button>
        ))}
        <Button
          onClick={() => press('back')}
          style={{
            ...keyStyle,
            fontSize: 16,
            gridColumn: 4,
            gridRow: '1 / span 2',
            height: 'auto',
          }}
        >
          {t('padBack')}
        </Button>
        <Button
          onClick={() => press('clear')}
          style={{
            ...keyStyle,
            fontSize: 16,
            gridColumn: 4,
            gridRow: '3 / span 2',
            height: 'auto',
          }}
        >
          {t('padClear')}
        </Button>
      </div>
    </div>
  );
}
