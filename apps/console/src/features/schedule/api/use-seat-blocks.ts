import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { seatBlockCall, seatUnblockCall, type ShowSeatBoard } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { showSeatBoardQuery } from './use-show-seat-board';

/** Mark seats broken or repaired: the answer is the new board, put in place of the old one. */
export function useSeatBlocks(showId: string) {
  const queryClient = useQueryClient();
  const put = (board: ShowSeatBoard) =>
    queryClient.setQueryData(showSeatBoardQuery(showId).queryKey, board);
  const block = useMutation({
    mutationFn: (body: CallBody<typeof seatBlockCall>) => api(seatBlockCall, { body }),
    onSuccess: put,
  });
  const unblock = useMutation({
    mutationFn: (body: CallBody<typeof seatUnblockCall>) => api(seatUnblockCall, { body }),
    onSuccess: put,
  });
  return { block, unblock };
}
