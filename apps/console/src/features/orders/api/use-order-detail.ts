import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleOrderDetailCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const orderDetailQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['console', 'orders', 'detail', orderId],
    queryFn: () => api(consoleOrderDetailCall, { query: { orderId } }),
  });

/** One order with its money, status trail and audit rows (nothing while no order is open). */
export const useOrderDetail = (orderId: string | null) =>
  useQuery({ ...orderDetailQuery(orderId ?? ''), enabled: orderId !== null });
