import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { reseatCall, type ShowSeatBoard } from '@marquee/contracts/console';
import { api, isApiError } from '@/lib/api/api-client';
import { showSeatBoardQuery } from './use-show-seat-board';

/**
 * Move every affected buyer to the proposed seats in one call. Refused as RESEAT_STALE, the answer
 * carries a fresh board (new proposals): it replaces the old one so the manager can apply again.
 */
export function useReseat(showId: string) {
  const queryClient = useQueryClient();
  const key = showSeatBoardQuery(showId).queryKey;
  return useMutation({
    mutationFn: (body: CallBody<typeof reseatCall>) => api(reseatCall, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer.board);
      void queryClient.invalidateQueries({ queryKey: ['console', 'schedule', 'week'] });
    },
    onError: (error) => {
      const board = isApiError(error)
        ? (error.data as { board?: ShowSeatBoard } | null)?.board
        : undefined;
      if (board) queryClient.setQueryData(key, board);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
