import { useMutation } from '@tanstack/react-query';
import { checkInLookupCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** What a scanned or typed code is, and whether it can be used now (changes nothing). */
export function useCheckInLookup() {
  return useMutation({
    mutationFn: (code: string) => api(checkInLookupCall, { body: { code } }),
  });
}
