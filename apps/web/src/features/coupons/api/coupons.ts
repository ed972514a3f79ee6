import {
  applyCouponCall,
  couponListCall,
  orderCouponsCall,
  redeemCouponCall,
  type CallBody,
} from '@marquee/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

export const couponListQuery = queryOptions({
  queryKey: ['coupon', 'list'],
  queryFn: () => api(couponListCall),
});

export const useCouponList = () => useQuery(couponListQuery);

export const orderCouponsQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['coupon', 'forOrder', orderId],
    queryFn: () => api(orderCouponsCall, { query: { orderId } }),
  });

export const useOrderCoupons = (orderId: string) => useQuery(orderCouponsQuery(orderId));

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(redeemCouponCall, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupon'] }),
  });
}

/** Apply a coupon to an unpaid order (null: none); the server answers the new price. */
export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof applyCouponCall>) => api(applyCouponCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupon'] }),
  });
}
