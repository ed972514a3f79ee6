import { setUserPreferencesCall, type UserInfo, type UserPreferences } from '@marquee/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { setCareMode } from '@/lib/care-mode';
import { queryKeys } from '@/lib/query-keys';

/** POST /userInfo/preferences: change some preferences; the answer is all of them as saved. */
export function setUserPreferences(change: Partial<UserPreferences>) {
  return api(setUserPreferencesCall, { body: change });
}

/** Saved on the server first, then the page follows what the server answered. */
export function useSetUserPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPreferences,
    onSuccess: (saved) => {
      setCareMode(saved.isCareMode);
      queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (user) =>
        user ? { ...user, ...saved } : user,
      );
    },
  });
}
