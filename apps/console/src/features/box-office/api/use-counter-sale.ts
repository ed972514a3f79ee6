import { useMutation } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { counterCancelCall, counterGoodsCall, counterHoldCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Hold the chosen seats of a show for this sale (replaces the till's earlier hold). */
export const useCounterHold = () =>
  useMutation({
    mutationFn: (body: CallBody<typeof counterHoldCall>) => api(counterHoldCall, { body }),
  });

/** Put the snacks of the basket on the sale, as a whole. */
export const useCounterSaleGoods = () =>
  useMutation({
    mutationFn: (body: CallBody<typeof counterGoodsCall>) => api(counterGoodsCall, { body }),
  });

/** Give the held seats back: the customer walked away or the cashier cleared the sale. */
export const useCounterCancel = () =>
  useMutation({
    mutationFn: (orderId: string) => api(counterCancelCall, { body: { orderId } }),
  });
