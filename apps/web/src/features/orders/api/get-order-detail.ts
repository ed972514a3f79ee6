import { orderDetailCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** GET /order/detail?orderId: one order with seats, ticket, payments and refund rule. */
export function getOrderDetail(orderId: string) {
  return api(orderDetailCall, { query: { orderId } });
}

export const orderDetailQuery = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => getOrderDetail(orderId),
    // A refund through WeChat may still be pending: look again until it is settled.
    refetchInterval: (query) =>
      query.state.data?.refunds.some((refund) => refund.status === 'pending') ? 3000 : false,
  });

export function useOrderDetail(orderId: string) {
  return useQuery({ ...orderDetailQuery(orderId), enabled: orderId !== '' });
}
