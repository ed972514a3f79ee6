import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  categoryCreateCall,
  categoryRenameCall,
  categoryReorderCall,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Create (no id) or rename (an id) a category. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id
        ? api(categoryRenameCall, { body: { id, name } })
        : api(categoryCreateCall, { body: { name } }),
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
