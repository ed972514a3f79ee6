import { useSyncExternalStore } from 'react';
import type { SiteBrand } from '@marquee/contracts';
import { getLang, type Lang } from './i18n/i18n';

/**
 * The brand of the chain this page belongs to (one brand per site, decision 020). It comes from the
 * site's row with the sign-in settings (`GET /api/wx/authConfig`), set once per page load by the
 * sign-in gate; nothing in the app names a chain itself. Before it is known (or when it failed
 * to load) the name is empty and titles show only the page.
 */
let brand: SiteBrand | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The short name for pages in this language: the English one on English pages. */
export function brandNameOf(value: SiteBrand | null, lang: Lang): string {
  if (!value) return '';
  return lang === 'en' ? value.shortNameEn : value.shortName;
}

export function brandName(): string {
  return brandNameOf(brand, getLang());
}

export function getBrand(): SiteBrand | null {
  return brand;
}

/**
 * Take the site's brand: its name for titles, its colour for the page and the browser bar. The
 * server's render of a first screen (entry-server.tsx) has no document: there the brand is only
 * what the components read.
 */
export function setBrand(
  next: SiteBrand | null,
  doc: Document | null = typeof document === 'undefined' ? null : document,
): void {
  brand = next;
  if (doc && next) {
    doc.documentElement.style.setProperty('--brand', next.themeColor);
    doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', next.themeColor);
    if (!doc.title) doc.title = brandNameOf(next, getLang());
  }
  for (const listener of listeners) listener();
}

export function useBrand(): SiteBrand | null {
  return useSyncExternalStore(subscribe, getBrand, getBrand);
}

export function useBrandName(): string {
  return brandNameOf(useBrand(), getLang());
}

/** "Page - Brand", or the page alone while the brand is unknown. */
export function documentTitle(page: string | null, name: string): string {
  if (!page) return name;
  return name ? `${page} - ${name}` : page;
}
