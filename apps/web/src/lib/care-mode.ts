import { useSyncExternalStore } from 'react';

/**
 * Care mode (关怀模式, decision 028): larger text and tap targets, higher contrast, and a simpler
 * seat page. The user's choice lives on the server (the user info's `isCareMode`); this is the
 * page's copy of it: a class on the root element that `styles.css` builds everything on, and a
 * copy in this browser so the next visit starts in the right mode before the user info arrives.
 */
export const CARE_MODE_CLASS = 'care-mode';
export const CARE_MODE_STORAGE_KEY = 'marquee.careMode';

let isOn = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** What this browser remembered from the last time: off unless it said "on". */
export function rememberedCareMode(store: Storage | undefined = storage()): boolean {
  try {
    return store?.getItem(CARE_MODE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Switch the page into or out of care mode, and remember it in this browser. */
export function setCareMode(
  next: boolean,
  options: { doc?: Document; store?: Storage } = {},
): void {
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  doc?.documentElement.classList.toggle(CARE_MODE_CLASS, next);
  try {
    (options.store ?? storage())?.setItem(CARE_MODE_STORAGE_KEY, next ? '1' : '0');
  } catch {
    // Private mode or a full storage: the server still has it; only the head start is lost.
  }
  if (next === isOn) return;
  isOn = next;
  for (const listener of listeners) listener();
}

export function isCareMode(): boolean {
  return isOn;
}

/**
 * Off on the server's render of a first screen, and so also while the browser hydrates it (React
 * reads the server's snapshot then): a page remembered in care mode switches right after.
 */
export function useCareMode(): boolean {
  return useSyncExternalStore(subscribe, isCareMode, () => false);
}
