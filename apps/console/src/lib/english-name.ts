import type { Rule } from 'antd/es/form';
import { englishNameSchema } from '@marquee/contracts';
import { defineMessages } from './i18n/i18n';

/**
 * The optional English names staff give data moviegoers see in English (decision 027): one form
 * rule checking the contract's shape, so the console refuses what the server would, as typed.
 */
export const englishNameMessages = defineMessages(
  {
    hint: '英文页面显示；不填则显示中文',
    invalid: '英文名称不能含中文字符或全角标点',
    tooLong: '最多 {n} 个字符',
  },
  {
    hint: 'Shown on English pages; left empty, the Chinese name is shown',
    invalid: 'English names may not contain Chinese characters or full-width punctuation',
    tooLong: 'At most {n} characters',
  },
);

export function englishNameRule(
  maxLength: number,
  t: ReturnType<typeof englishNameMessages.useMessages>,
): Rule {
  const schema = englishNameSchema(maxLength);
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null) return;
      if (String(value).trim().length > maxLength) throw new Error(t('tooLong', { n: maxLength }));
      if (!schema.safeParse(value).success) throw new Error(t('invalid'));
    },
  };
}

/** An English name as typed is null when empty: what the calls take to clear it. */
export const englishNameOf = (value: string | null | undefined) => value?.trim() || null;
