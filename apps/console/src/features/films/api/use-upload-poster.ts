import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFilmPosterCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';
import { fileToBase64 } from '@/lib/image-file';

export function useUploadPoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filmId, file }: { filmId: string; file: File }) =>
      api(consoleFilmPosterCall, { body: { filmId, dataBase64: await fileToBase64(file) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'films'] }),
  });
}
