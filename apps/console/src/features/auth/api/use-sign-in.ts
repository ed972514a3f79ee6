import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffLoginCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { setStaffToken } from '@/lib/api/staff-token';
import { meQuery } from './use-me';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      api(staffLoginCall, { body: credentials }),
    onSuccess: (answer) => {
      setStaffToken(answer.token);
      queryClient.setQueryData(meQuery().queryKey, answer.staff);
    },
  });
}
