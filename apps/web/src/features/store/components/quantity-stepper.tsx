import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { storeMessages } from '../store-messages';

/**
 * − n + within [1, max]. With `isRemovable`, − at 1 asks to remove the line (the cart's way);
 * otherwise it stops at 1.
 */
export function QuantityStepper(props: {
  name: string;
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  isRemovable?: boolean;
  isDisabled?: boolean;
}) {
  const t = storeMessages.useT();
  const { value, max } = props;
  const canDecrease = !props.isDisabled && (value > 1 || (props.isRemovable ?? false));
  const canIncrease = !props.isDisabled && value < max;
  return (
    <span className="stepper" role="group" aria-label={t('quantityOf', { name: props.name })}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('decrease', { name: props.name })}
        disabled={!canDecrease}
        onClick={() => props.onChange(value - 1)}
      >
        <MinusOutline aria-hidden />
      </button>
      <output className="stepper__value" aria-live="polite" data-testid="quantity">
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={t('increase', { name: props.name })}
        disabled={!canIncrease}
        onClick={() => props.onChange(value + 1)}
      >
        <AddOutline aria-hidden />
      </button>
    </span>
  );
}
