import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  goodsCreateCall,
  goodsImageCall,
  goodsSaleCall,
  goodsUpdateCall,
  type GoodsFields,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { fileToBase64 } from '@/lib/image-file';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  queryClient.invalidateQueries({ queryKey: ['console', 'goods'] });

/** Create (no id) or update (an id) a goods item; the list refreshes either way. */
export function useSaveGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string; fields: GoodsFields }) =>
      id
        ? api(goodsUpdateCall, { body: { ...fields, id } })
        : api(goodsCreateCall, { body: fields }),
    onSuccess: refresh(queryClient),
  });
}

export function useSetGoodsOnSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { goodsId: string; isOnSale: boolean }) => api(goodsSaleCall, { body }),
    onSuccess: refresh(queryClient),
  });
}

export function useUploadGoodsImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ goodsId, file }: { goodsId: string; file: File }) =>
      api(goodsImageCall, { body: { goodsId, dataBase64: await fileToBase64(file) } }),
    onSuccess: refresh(queryClient),
  });
}
