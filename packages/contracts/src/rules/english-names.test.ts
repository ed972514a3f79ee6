import { describe, expect, it } from 'vitest';
import {
  englishNameSchema,
  englishTerms,
  localName,
  localTerm,
  termsMatching,
} from './english-names.js';

describe('English names of data', () => {
  it('answers the English name to English pages and the Chinese one otherwise', () => {
    expect(localName('1号厅', 'Hall 1', 'en')).toBe('Hall 1');
    expect(localName('1号厅', 'Hall 1', 'zh')).toBe('1号厅');
  });

  it('falls back to the Chinese name when no English name is set', () => {
    expect(localName('1号厅', null, 'en')).toBe('1号厅');
    expect(localName('1号厅', undefined, 'en')).toBe('1号厅');
    expect(localName('1号厅', '', 'en')).toBe('1号厅');
  });

  it('translates the fixed vocabularies for English pages only', () => {
    expect(localTerm('language', '国语', 'en')).toBe('Mandarin');
    expect(localTerm('language', '国语配音', 'en')).toBe('Mandarin (dubbed)');
    expect(localTerm('genre', '科幻', 'en')).toBe('Sci-fi');
    expect(localTerm('country', '美国', 'en')).toBe('USA');
    expect(localTerm('tag', '杜比全景声', 'en')).toBe('Dolby Atmos');
    expect(localTerm('language', '国语', 'zh')).toBe('国语');
  });

  it('finds the stored terms an English search means', () => {
    expect(termsMatching('tag', 'dolby')).toEqual(['杜比全景声', '杜比影院']);
    expect(termsMatching('tag', '  Parking ')).toEqual(['停车场']);
    expect(termsMatching('tag', '')).toEqual([]);
  });

  it('keeps a term the catalogue does not know as typed', () => {
    expect(localTerm('language', '闽南语', 'en')).toBe('闽南语');
    expect(localTerm('genre', 'Noir', 'en')).toBe('Noir');
  });

  it('has an English term for every choice the console offers for a show language', () => {
    for (const language of ['国语', '英语', '原声', '国语配音', '粤语']) {
      expect(englishTerms.language[language]).toMatch(/^[A-Za-z (),-]+$/);
    }
  });
});

describe('englishNameSchema', () => {
  const schema = englishNameSchema(20);

  it('trims a name and reads an empty one as none', () => {
    expect(schema.parse('  Hall 1 ')).toBe('Hall 1');
    expect(schema.parse('')).toBeNull();
    expect(schema.parse('   ')).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse(undefined)).toBeUndefined();
  });

  it('refuses Chinese characters and full-width punctuation', () => {
    expect(schema.safeParse('1号厅').success).toBe(false);
    expect(schema.safeParse('Hall（1）').success).toBe(false);
    expect(schema.safeParse('Café Hall · 1').success).toBe(true);
  });

  it('refuses a name longer than its limit', () => {
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
    expect(schema.safeParse('x'.repeat(20)).success).toBe(true);
  });
});
