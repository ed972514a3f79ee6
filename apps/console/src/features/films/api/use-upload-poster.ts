import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleFilmPosterCall } from '@marquee/contracts/console';
import { api } from '@/lib/api/api-client';

/** The file's bytes as base64 (the server reads its type from them). */
async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function useUploadPoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filmId, file }: { filmId: string; file: File }) =>
      api(consoleFilmPosterCall, { body: { filmId, dataBase64: await toBase64(file) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'films'] }),
  });
}
