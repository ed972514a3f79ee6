import { useQuery } from '@tanstack/react-query';
import { counterGoodsListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The till's cinema's snacks on sale, with its stock, for the till's snack buttons. */
export const useCounterGoods = (cinemaId: string) =>
  useQuery({
    queryKey: ['console', 'box-office', 'goods', cinemaId],
    queryFn: () => api(counterGoodsListCall, { query: { cinemaId } }),
    refetchInterval: 60_000,
  });
