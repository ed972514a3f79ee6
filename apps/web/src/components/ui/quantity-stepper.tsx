import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import './quantity-stepper.css';

/**
 * − n + within [min, max] (min 1 unless `isRemovable`: then − at 1 asks for 0, the cart's "remove
 * the line"). Labels come from the feature using it, in its language.
 */
export function QuantityStepper(props: {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
  labels: { group: string; decrease: string; increase: string };
  /** The lowest value − reaches (default 1; 0 for a line that may be taken out). */
  min?: number;
  isRemovable?: boolean;
  isDisabled?: boolean;
  testId?: string;
}) {
  const { value, max } = props;
  const min = props.min ?? (props.isRemovable ? 0 : 1);
  const canDecrease = !props.isDisabled && value > min;
  const canIncrease = !props.isDisabled && value < max;
  return (
    <span className="stepper" role="group" aria-label={props.labels.group}>
      <button
        type="button"
        className="stepper__button"
        aria-label={props.labels.decrease}
        disabled={!canDecrease}
        onClick={() => props.onChange(value - 1)}
      >
        <MinusOutline aria-hidden />
      </button>
      <output
        className="stepper__value"
        aria-live="polite"
        data-testid={props.testId ?? 'quantity'}
      >
        {value}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={props.labels.increase}
        disabled={!canIncrease}
        onClick={() => props.onChange(value + 1)}
      >
        <AddOutline aria-hidden />
      </button>
    </span>
  );
}
