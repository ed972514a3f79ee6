import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffLogoutCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { clearStaffToken } from '@/lib/api/staff-token';

/** Sign out on the server, then forget the token and every cached answer, whatever happened. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(staffLogoutCall, { body: {} }),
    onSettled: () => {
      clearStaffToken();
      queryClient.clear();
    },
  });
}
