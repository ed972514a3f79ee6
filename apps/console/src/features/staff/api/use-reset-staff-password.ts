import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffResetPasswordCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export function useResetStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; password: string }) => api(staffResetPasswordCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'staff'] }),
  });
}
