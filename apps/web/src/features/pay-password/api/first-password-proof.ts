import {
  checkPhoneCodeCall,
  firstPayPasswordProofCall,
  sendPhoneCodeCall,
} from '@marquee/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

/**
 * What a first pay password needs besides the session (decision 046): nothing, a code texted to
 * the bound phone, or a fresh WeChat authorisation. Asked each time the sheet opens.
 */
export const firstPasswordProofQuery = queryOptions({
  queryKey: ['userInfo', 'firstPasswordProof'],
  queryFn: () => api(firstPayPasswordProofCall),
  staleTime: 0,
});

export function useFirstPasswordProof(isEnabled: boolean) {
  return useQuery({ ...firstPasswordProofQuery, enabled: isEnabled });
}

/** Text a `firstPayPassword` code to the bound phone. */
export function useSendFirstPasswordCode() {
  return useMutation({
    mutationFn: () => api(sendPhoneCodeCall, { body: { purpose: 'firstPayPassword' } }),
  });
}

/** Check the code before the new password is typed; setPassword checks and uses it again. */
export function useCheckFirstPasswordCode() {
  return useMutation({
    mutationFn: (code: string) =>
      api(checkPhoneCodeCall, { body: { purpose: 'firstPayPassword', code } }),
  });
}
