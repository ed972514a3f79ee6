import { z } from 'zod';

/**
 * English for data a chain sets up (decision 027). Names staff type (cinemas, halls,
 * price areas, goods categories) have an optional English twin in the database; the moviegoer
 * calls answer it when the request prefers English (`Accept-Language`) and fall back to the
 * Chinese name when none is set. Fixed vocabularies (a show's language, a film's genres and
 * country, the tags of cinemas and goods) are translated from the catalogue below; a term it does not
 * know is shown as typed.
 */
export type NameLang = 'zh' | 'en';

/** The name to show: the English one for English pages when it is set, else the Chinese one. */
export function localName(name: string, nameEn: string | null | undefined, lang: NameLang): string {
  return lang === 'en' && nameEn ? nameEn : name;
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * An optional English name as staff type it: trimmed, an empty string clears it (null), and no
 * Chinese characters or full-width punctuation (the usual slip: the Chinese name pasted twice).
 */
export function englishNameSchema(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .refine((text) => !CJK.test(text), 'English names may not contain Chinese characters')
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();
}

const languages: Record<string, string> = {
  国语: 'Mandarin',
  普通话: 'Mandarin',
  国语配音: 'Mandarin (dubbed)',
  原声: 'Original language',
  原版: 'Original language',
  粤语: 'Cantonese',
  英语: 'English',
  日语: 'Japanese',
  韩语: 'Korean',
  法语: 'French',
  德语: 'German',
  西班牙语: 'Spanish',
  意大利语: 'Italian',
  俄语: 'Russian',
  泰语: 'Thai',
  印地语: 'Hindi',
  无对白: 'No dialogue',
};

const genres: Record<string, string> = {
  剧情: 'Drama',
  喜剧: 'Comedy',
  动作: 'Action',
  冒险: 'Adventure',
  科幻: 'Sci-fi',
  悬疑: 'Mystery',
  惊悚: 'Thriller',
  恐怖: 'Horror',
  犯罪: 'Crime',
  爱情: 'Romance',
  动画: 'Animation',
  家庭: 'Family',
  奇幻: 'Fantasy',
  历史: 'History',
  战争: 'War',
  古装: 'Period',
  武侠: 'Wuxia',
  灾难: 'Disaster',
  纪录片: 'Documentary',
  传记: 'Biography',
  音乐: 'Music',
  歌舞: 'Musical',
  运动: 'Sport',
  青春: 'Youth',
  儿童: 'Children',
  西部: 'Western',
};

const countries: Record<string, string> = {
  中国: 'China',
  中国大陆: 'Mainland China',
  中国香港: 'Hong Kong, China',
  中国台湾: 'Taiwan, China',
  美国: 'USA',
  英国: 'UK',
  日本: 'Japan',
  韩国: 'South Korea',
  法国: 'France',
  德国: 'Germany',
  印度: 'India',
  意大利: 'Italy',
  西班牙: 'Spain',
  加拿大: 'Canada',
  澳大利亚: 'Australia',
  俄罗斯: 'Russia',
  泰国: 'Thailand',
  新西兰: 'New Zealand',
};

/** The services and features cinemas list as tags, and the labels of goods. */
const tags: Record<string, string> = {
  IMAX: 'IMAX',
  杜比全景声: 'Dolby Atmos',
  杜比影院: 'Dolby Cinema',
  激光放映: 'Laser projection',
  停车场: 'Parking',
  儿童优惠: 'Kids’ prices',
  学生优惠: 'Student prices',
  情侣座: 'Couple seats',
  可改签: 'Ticket exchange',
  '4DX': '4DX',
  巨幕: 'Giant screen',
  无障碍: 'Step-free access',
  轮椅位: 'Wheelchair spaces',
  卖品: 'Snacks',
  '3D': '3D',
  新品: 'New',
  热卖: 'Bestseller',
  限量: 'Limited',
  套餐: 'Combo',
  推荐: 'Recommended',
};

/** The catalogue by kind, for the console's hints and the tests. */
export const englishTerms = {
  language: languages,
  genre: genres,
  country: countries,
  tag: tags,
} as const;
export type TermKind = keyof typeof englishTerms;

/** The stored terms whose English contains `text` (any case): an English search of Chinese data. */
export function termsMatching(kind: TermKind, text: string): string[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return Object.entries(englishTerms[kind])
    .filter(([, english]) => english.toLowerCase().includes(wanted))
    .map(([term]) => term);
}

/** A term of a fixed vocabulary in the page's language; unknown terms stay as typed. */
export function localTerm(kind: TermKind, text: string, lang: NameLang): string {
  if (lang !== 'en') return text;
  return englishTerms[kind][text.trim()] ?? text;
}
