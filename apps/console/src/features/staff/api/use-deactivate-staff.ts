import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffDeactivateCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(staffDeactivateCall, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'staff'] }),
  });
}
