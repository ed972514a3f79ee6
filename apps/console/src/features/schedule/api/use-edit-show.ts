import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { showEditCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** A new start time or back on sale; the week and the show's notices refresh after. */
export function useEditShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof showEditCall>) => api(showEditCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
}
