import { IMAGE_MAX_BYTES, imageContentTypes } from '@marquee/contracts/console';

/**
 * Images staff upload (posters, goods pictures): the browser's early check, before any bytes
 * travel (the server checks the bytes again), and the base64 body the upload calls take.
 */
export const imageAccept = imageContentTypes.join(',');

/** What is wrong with a picked file, or null. */
export function imageFileProblem(file: File): 'type' | 'tooLarge' | null {
  if (!(imageContentTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The file's bytes as base64 (the server reads its type from them). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
