import { useCallback } from 'react';

/** Simplified Chinese by default; English when the browser's first preference is English. */
export type Lang = 'zh' | 'en';

export function detectLang(languages: readonly string[] | undefined): Lang {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

let current: Lang =
  typeof navigator === 'undefined' ? 'zh' : detectLang(navigator.languages ?? [navigator.language]);

export function getLang(): Lang {
  return current;
}

/**
 * The server's render of a first screen (entry-server.tsx) speaks the language the request asked
 * for; in the browser the language is the browser's own and never changes.
 */
export function setServerRenderLang(lang: Lang): void {
  current = lang;
}

type Params = Record<string, string | number>;

export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * Every string goes through here. A feature defines its messages once in both languages (the
 * English keys must match the Chinese ones) and gets a hook that translates them.
 */
export function defineMessages<const K extends string>(
  zh: Record<K, string>,
  en: Record<K, string>,
) {
  const dictionaries = { zh, en };
  const translate = (key: K, params?: Params) => format(dictionaries[current][key], params);
  return {
    translate,
    useT: () => useCallback(translate, []),
  };
}
