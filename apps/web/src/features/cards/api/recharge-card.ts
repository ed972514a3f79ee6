import { chargingCall, type CallBody } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { queryKeys } from '@/lib/query-keys';

/** Spec §7: POST /expenseRecord/charging { id: card number, password: card password }. */
export function rechargeCard(body: CallBody<typeof chargingCall>) {
  return api(chargingCall, { body });
}

/** On success the cards and their transactions are fetched again (every query under 'cards'). */
export function useRechargeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rechargeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  });
}
