import { Tag } from 'antd';
import type { OrderStatus } from '@marquee/contracts';
import { chinaDateTime } from '@/lib/china-time';
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

/** "11-25 19:30" in the cinemas' time zone. */
export const shortTime = (at: string | null): string => chinaDateTime(at);
