import {
  messageListCall,
  noticeSubscriptionCall,
  subscribeNoticesCall,
  type NoticeKind,
} from '@marquee/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';

export const messageListQuery = queryOptions({
  queryKey: ['userInfo', 'messages'],
  queryFn: () => api(messageListCall),
});

export const noticeSubscriptionQuery = queryOptions({
  queryKey: ['userInfo', 'messages', 'subscription'],
  queryFn: () => api(noticeSubscriptionCall),
});

export const useMessageList = () => useQuery(messageListQuery);
export const useNoticeSubscription = () => useQuery(noticeSubscriptionQuery);

export function useSubscribeNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: NoticeKind[]) => api(subscribeNoticesCall, { body: { kinds } }),
    onSuccess: (answer) => queryClient.setQueryData(noticeSubscriptionQuery.queryKey, answer),
  });
}
