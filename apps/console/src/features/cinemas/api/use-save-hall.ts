import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleHallCreateCall,
  consoleHallLayoutSaveCall,
  consoleHallRenameCall,
  type HallLayout,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['console', 'cinemas'] });

/** A new hall with its first layout. */
export function useCreateHall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      cinemaId: string;
      name: string;
      nameEn: string | null;
      layout: HallLayout;
    }) => api(consoleHallCreateCall, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

/** A hall's layout saved as its next version. */
export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { hallId: string; baseVersion: number; layout: HallLayout }) =>
      api(consoleHallLayoutSaveCall, { body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useRenameHall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { hallId: string; name: string; nameEn: string | null }) =>
      api(consoleHallRenameCall, { body }),
    onSuccess: () => refresh(queryClient),
  });
}
