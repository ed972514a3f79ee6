import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardAdjustCall, cardFindCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

export const cardFindQuery = (q: string) =>
  queryOptions({
    queryKey: ['console', 'cards', 'find', q],
    queryFn: () => api(cardFindCall, { query: { q } }),
    enabled: q.length > 0,
  });

/** Moviegoers' cards by card number or phone (nothing until something is searched). */
export const useCardFind = (q: string) => useQuery(cardFindQuery(q));

export function useAdjustCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { cardId: string; amountFen: number; reason: string }) =>
      api(cardAdjustCall, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'cards', 'find'] }),
  });
}
