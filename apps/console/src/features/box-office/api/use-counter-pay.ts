import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@marquee/contracts';
import { counterPayCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { currentShiftQuery } from './use-shift';

/** How often a waiting WeChat payment is asked about. */
export const PAY_STATUS_POLL_MS = 2_000;

/**
 * Pay the sale. `key` is the attempt's idempotency key: a retry of the same attempt (a lost
 * answer) sends the same key and gets the first answer, never a second charge.
 */
export function useCounterPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CallBody<typeof counterPayCall>; key: string }) =>
      api(counterPayCall, { body: input.body, headers: { 'idempotency-key': input.key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentShiftQuery.queryKey }),
  });
}

/** A fresh idempotency key for one payment attempt. */
export const newAttemptKey = () => crypto.randomUUID();
