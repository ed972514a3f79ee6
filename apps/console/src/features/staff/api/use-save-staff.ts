import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCreateCall, staffUpdateCall, type StaffRole } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export interface StaffFormValues {
  username: string;
  displayName: string;
  role: StaffRole;
  cinemaIds: string[];
  password?: string;
}

/** Create (no id) or update (an id) an account; the list refreshes either way. */
export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: StaffFormValues }) =>
      id
        ? api(staffUpdateCall, {
            body: {
              id,
              displayName: values.displayName,
              role: values.role,
              cinemaIds: values.cinemaIds,
            },
          })
        : api(staffCreateCall, { body: { ...values, password: values.password ?? '' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'staff'] }),
  });
}
