import { useQuery } from '@tanstack/react-query';
import { counterGoodsListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The cinema's snacks on sale, with stock, for the till's snack buttons. */
export const useCounterGoods = () =>
  useQuery({
    queryKey: ['console', 'box-office', 'goods'],
    queryFn: () => api(counterGoodsListCall),
    refetchInterval: 60_000,
  });
