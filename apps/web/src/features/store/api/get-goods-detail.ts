import { getGoodsDetailCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Spec §7: GET /goods/getGoodsDetail?id → the goods with its goodsInfoList (variants, stock); with
 * the cart's pickup cinema, that cinema's stock and prices (decision 050).
 */
export function getGoodsDetail(id: string, cinemaId?: string) {
  return api(getGoodsDetailCall, { query: cinemaId ? { id, cinemaId } : { id } });
}

export const goodsDetailQuery = (id: string, cinemaId?: string) =>
  queryOptions({
    queryKey: cinemaId ? [...queryKeys.goods.detail(id), cinemaId] : queryKeys.goods.detail(id),
    queryFn: () => getGoodsDetail(id, cinemaId),
  });

export function useGoodsDetail(id: string, cinemaId?: string) {
  return useQuery({ ...goodsDetailQuery(id, cinemaId), enabled: id !== '' });
}
