import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleFilmCreateCall,
  consoleFilmUpdateCall,
  type FilmFields,
} from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** Create (no id) or update (an id) a film; the list refreshes either way. */
export function useSaveFilm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string; fields: FilmFields }) =>
      id
        ? api(consoleFilmUpdateCall, { body: { ...fields, id } })
        : api(consoleFilmCreateCall, { body: fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'films'] }),
  });
}
