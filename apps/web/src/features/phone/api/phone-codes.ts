import {
  ErrorCode,
  bindPhoneCall,
  cardSecurityLogCall,
  proveBoundPhoneCall,
  sendPhoneCodeCall,
  type CallBody,
} from '@marquee/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { isApiError } from '@/lib/api/api-error';
import { encryptPassword, forgetPayKey } from '@/lib/pay-password-transform';

export const securityLogQuery = queryOptions({
  queryKey: ['userInfo', 'securityLog'],
  queryFn: () => api(cardSecurityLogCall),
});

export const useSecurityLog = () => useQuery(securityLogQuery);

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (body: CallBody<typeof sendPhoneCodeCall>) => api(sendPhoneCodeCall, { body }),
  });
}

export function useBindPhone() {
  return useMutation({
    mutationFn: (body: CallBody<typeof bindPhoneCall>) => api(bindPhoneCall, { body }),
  });
}

/**
 * Prove the bound phone before changing it: a code texted to it, or the pay password (encrypted
 * as payments send it). Answers the proof the bind then takes.
 */
export function useProveBoundPhone() {
  return useMutation({
    mutationFn: async (input: { code: string } | { payPassword: string }) => {
      if ('code' in input) return api(proveBoundPhoneCall, { body: { code: input.code } });
      const body = { payPassword: await encryptPassword(input.payPassword) };
      return api(proveBoundPhoneCall, { body }).catch((error: unknown) => {
        // The key may have changed: the next try fetches it again.
        if (isApiError(error) && error.code === ErrorCode.PAYLOAD_STALE) forgetPayKey();
        throw error;
      });
    },
  });
}
