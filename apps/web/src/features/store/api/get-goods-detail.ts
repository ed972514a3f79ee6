import { getGoodsDetailCall } from '@marquee/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: GET /goods/getGoodsDetail?id → the goods with its goodsInfoList (variants, stock). */
export function getGoodsDetail(id: string) {
  return api(getGoodsDetailCall, { query: { id } });
}

export const goodsDetailQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.goods.detail(id), queryFn: () => getGoodsDetail(id) });

export function useGoodsDetail(id: string) {
  return useQuery({ ...goodsDetailQuery(id), enabled: id !== '' });
}
