import type { OrderStatus } from '@marquee/contracts';
import { ordersMessages } from '../orders-messages';

const tone: Record<OrderStatus, string> = {
  pending_payment: 'warn',
  paid: 'ok',
  ticketed: 'ok',
  ready: 'ok',
  used: 'done',
  cancelled: 'done',
  expired: 'done',
  refunded: 'done',
};

export function StatusBadge(props: { status: OrderStatus }) {
  const t = ordersMessages.useT();
  return (
    <span className={`order-badge order-badge--${tone[props.status]}`} data-status={props.status}>
      {t(props.status)}
    </span>
  );
}
