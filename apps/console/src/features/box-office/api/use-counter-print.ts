import { useMutation } from '@tanstack/react-query';
import { counterPrintCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The tickets and receipt of a paid sale to print; the server counts reprints. */
export const useCounterPrint = () =>
  useMutation({ mutationFn: (orderId: string) => api(counterPrintCall, { body: { orderId } }) });
