import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { showOffSaleCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The week view refreshes after the change. */
export function useTakeOffSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof showOffSaleCall>) => api(showOffSaleCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
}
