import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleCinemaCreateCall,
  consoleCinemaUpdateCall,
  type CinemaFields,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Create (no id, owners) or update (an id) a cinema; the lists and the menu's cinemas refresh. */
export function useSaveCinema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string; fields: CinemaFields }) =>
      id
        ? api(consoleCinemaUpdateCall, { body: { ...fields, cinemaId: id } })
        : api(consoleCinemaCreateCall, { body: fields }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['console', 'cinemas'] });
      await queryClient.invalidateQueries({ queryKey: ['console', 'auth', 'me'] });
    },
  });
}
