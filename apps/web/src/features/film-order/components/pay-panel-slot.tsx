import { createContext, useContext, type ReactNode } from 'react';
import { formatYuan, yuanToFen, type FilmOrder } from '@marquee/contracts';
import { filmOrderMessages } from '../film-order-messages';

export interface PayPanelSlotProps {
  order: FilmOrder;
  phone: string;
  isExpired: boolean;
}

/**
 * The pay area is another feature's (payment): the route page provides it through this context, so
 * the two features never import each other. Without a provider the slot shows the total and says
 * plainly that paying is not available.
 */
const PayPanelContext = createContext<((props: PayPanelSlotProps) => ReactNode) | null>(null);

export const PayPanelProvider = PayPanelContext.Provider;

export function PayPanelSlot(props: PayPanelSlotProps) {
  const t = filmOrderMessages.useT();
  const render = useContext(PayPanelContext);
  if (render) return <>{render(props)}</>;
  return (
    <div className="pay-panel" data-testid="pay-panel">
      <p className="pay-panel__total">
        <span>{t('total')}</span>
        <strong data-testid="order-total">¥{formatYuan(yuanToFen(props.order.total))}</strong>
      </p>
      <button type="button" className="button button--primary pay-panel__button" disabled>
        {t('payComingSoon')}
      </button>
    </div>
  );
}
