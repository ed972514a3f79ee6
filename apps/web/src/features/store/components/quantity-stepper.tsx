import { QuantityStepper as Stepper } from '@/components/ui/quantity-stepper';
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
  return (
    <Stepper
      {...props}
      labels={{
        group: t('quantityOf', { name: props.name }),
        decrease: t('decrease', { name: props.name }),
        increase: t('increase', { name: props.name }),
      }}
    />
  );
}
