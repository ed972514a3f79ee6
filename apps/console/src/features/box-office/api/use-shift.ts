import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import {
  currentShiftCall,
  shiftCloseCall,
  shiftOpenCall,
  shiftReportCall,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const currentShiftQuery = queryOptions({
  queryKey: ['console', 'box-office', 'shift', 'current'],
  queryFn: () => api(currentShiftCall),
});

/** The signed-in staff member's open shift (null: none), its cash figures kept fresh. */
export const useCurrentShift = () => useQuery({ ...currentShiftQuery, refetchInterval: 60_000 });

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof shiftOpenCall>) => api(shiftOpenCall, { body }),
    onSuccess: (shift) => queryClient.setQueryData(currentShiftQuery.queryKey, { shift }),
  });
}

export function useCloseShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof shiftCloseCall>) => api(shiftCloseCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentShiftQuery.queryKey }),
  });
}

export const useShiftReport = (shiftId: string | null) =>
  useQuery({
    queryKey: ['console', 'box-office', 'shift', 'report', shiftId],
    queryFn: () => api(shiftReportCall, { query: { shiftId: shiftId ?? '' } }),
    enabled: shiftId !== null,
  });
