import { localName } from '@marquee/contracts';
import { getLang } from './i18n/i18n';

/**
 * A name staff read in the console's language: the English twin on English pages when the data
 * has one, else the name as stored (the moviegoers' rule, decision 027).
 */
export const localNameOf = (item: { name: string; nameEn?: string | null }): string =>
  localName(item.name, item.nameEn, getLang());

/** Several names in one line: "甲、乙" in Chinese, "A, B" in English. */
export const localNamesOf = (items: { name: string; nameEn?: string | null }[]): string =>
  items.map(localNameOf).join(getLang() === 'en' ? ', ' : '、');

/**
 * A cinema named by a call that sends only its stored name: in the console's language when the
 * signed-in staff's cinemas (which carry the English twin) include it, else as sent.
 */
export const localCinemaNameOf = (
  name: string,
  cinemas: readonly { name: string; nameEn?: string | null }[],
): string => {
  const cinema = cinemas.find((candidate) => candidate.name === name);
  return cinema ? localNameOf(cinema) : name;
};
