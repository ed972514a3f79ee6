import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { showCreateCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The week view refreshes after the change. */
export function useCreateShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof showCreateCall>) => api(showCreateCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
}
