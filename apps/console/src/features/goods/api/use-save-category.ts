import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  categoryCreateCall,
  categoryRenameCall,
  categoryReorderCall,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Create (no id) or rename (an id) a category, with its optional English name. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, nameEn }: { id?: string; name: string; nameEn: string | null }) =>
      id
        ? api(categoryRenameCall, { body: { id, name, nameEn } })
        : api(categoryCreateCall, { body: { name, nameEn } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}

/** Every category id in the new order. */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api(categoryReorderCall, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'goods'] }),
  });
}
