import { Tag } from 'antd';
import type { OrderStatus } from '@marquee/contracts';
import { ordersMessages } from '../orders-messages';

const colors: Record<OrderStatus, string> = {
  pending_payment: 'orange',
  paid: 'blue',
  ticketed: 'green',
  ready: 'green',
  used: 'default',
  cancelled: 'default',
  expired: 'default',
  refunded: 'red',
};

export function OrderStatusTag(props: { status: OrderStatus }) {
  const t = ordersMessages.useMessages();
  return <Tag color={colors[props.status]}>{t(props.status)}</Tag>;
}

/** "11-25 19:30" in the device's time zone. */
export function shortTime(at: string | null): string {
  if (!at) return '—';
  const date = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
