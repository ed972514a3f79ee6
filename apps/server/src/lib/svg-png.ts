import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';

/** Share thumbnails need no more: WeChat shows them at a few dozen pixels. */
export const SHARE_PNG_WIDTH = 300;
const CACHE_ENTRIES = 500;

/** Rendered PNGs by the SHA-256 of their SVG (the drawn pictures change only with their data). */
const cache = new Map<string, Buffer>();

/**
 * An SVG drawn by the server as a PNG `width` pixels wide (WeChat shows no thumbnail for SVG share
 * images), rendered by resvg with the system's fonts (CJK titles included) and kept in a small
 * in-process cache: rendering takes milliseconds of CPU, a cached answer none.
 */
export function svgToPng(svg: string, width: number = SHARE_PNG_WIDTH): Buffer {
  const key = createHash('sha256').update(`${width}\n${svg}`).digest('hex');
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so the oldest is the first to go.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'Noto Sans CJK SC' },
  })
    .render()
    .asPng();
  cache.set(key, png);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return png;
}
