import {
  bindPhoneCall,
  cardSecurityLogCall,
  sendPhoneCodeCall,
  type CallBody,
} from '@marquee/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

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

export function useBindPhone(onSuccess: () => void) {
  return useMutation({
    mutationFn: (body: CallBody<typeof bindPhoneCall>) => api(bindPhoneCall, { body }),
    onSuccess,
  });
}
