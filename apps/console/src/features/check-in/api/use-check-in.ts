import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkInUseCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Mark the ticket or pickup used; a second use answers 42250 with who used it and when. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(checkInUseCall, { body: { code } }),
    // Order pages read after a check-in show it used.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'orders'] }),
  });
}
