import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admitWindowCall, admitWindowSaveCall, type AdmitWindow } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

const key = ['console', 'checkin', 'admit-window'];

/** The door's admit window of the site (a site setting). */
export const useAdmitWindow = () =>
  useQuery({ queryKey: key, queryFn: () => api(admitWindowCall) });

export function useSaveAdmitWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdmitWindow) => api(admitWindowSaveCall, { body }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
