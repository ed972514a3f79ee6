import { useMutation } from '@tanstack/react-query';
import { counterFindCardsCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** A member's cards by card number, phone, or the member code scanned from their phone. */
export const useFindCards = () =>
  useMutation({ mutationFn: (q: string) => api(counterFindCardsCall, { body: { q } }) });
