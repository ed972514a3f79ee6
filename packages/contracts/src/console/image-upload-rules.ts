import { z } from 'zod';

/**
 * Images staff upload (film posters, goods pictures): these types only, recognised by their first
 * bytes whatever the file is called, at most 2 MB, sent as base64 in a JSON body.
 */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** The content type a file's first bytes say it is, or null (not PNG, JPEG or WebP). */
export function imageTypeOf(bytes: Uint8Array): ImageContentType | null {
  const starts = (...signature: number[]) => signature.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The file, base64 (no `data:` prefix); its type is read from its bytes, not declared. */
export const imageDataBase64Schema = z
  .string()
  .min(1)
  .max(IMAGE_MAX_BYTES * 2);
