import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleGoodsListCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const goodsListQuery = () =>
  queryOptions({
    queryKey: ['console', 'goods', 'list'],
    queryFn: () => api(consoleGoodsListCall),
  });

export const useGoodsList = () => useQuery(goodsListQuery());
