import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { oneSourceRestrictions, ruleHomes } from './one-source-rules.mjs';

const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.tsx'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-syntax': ['error', ...oneSourceRestrictions] },
  },
];
/** The rule's messages about one snippet (as a .tsx file). */
const reportsOf = (code) =>
  linter
    .verify(code, config, { filename: 'sample.tsx' })
    .map((m) => m.message)
    .filter(Boolean);

describe('one source per rule: the copies lint refuses', () => {
  const copies = {
    money: [
      'const text = (fen / 100).toFixed(2);',
      'const text = (order.amount_fen / 100).toFixed(2);',
      "t('yuan', { amount: amount.toFixed(2) });",
      'const yuan = tenderedFen / 100;',
      'const yuan = variant.priceFen / 100;',
    ],
    'China time': [
      'const local = new Date(at.getTime() + 8 * 3600_000);',
      'const local = new Date(at + 8 * 3600 * 1000);',
      'const OFFSET_MS = 8 * 60 * 60 * 1000;',
      'const OFFSET_MINUTES = 8 * 60;',
      'const instant = `${date}T00:00:00+08:00`;',
      "const zone = 'Asia/Shanghai';",
      'const local = dayjs(at).utcOffset(480);',
    ],
    'Phone numbers': [
      'const ok = /^1[3-9]\\d{9}$/.test(phone);',
      'const ok = /^1\\d{10}$/.test(digits);',
      "const pattern = new RegExp('^1[3-9][0-9]{9}$');",
      'const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;',
    ],
    'Seat labels': [
      'const name = `${row}排${number}座`;',
      'const name = `Row ${row}, Seat ${number}`;',
      "const messages = { seatWords: '{row}排{col}座，{kind}' };",
    ],
  };
  for (const [rule, samples] of Object.entries(copies)) {
    it.each(samples)(`refuses a copy of ${rule}: %s`, (code) => {
      const reports = reportsOf(code);
      expect(reports.length).toBeGreaterThan(0);
      expect(reports[0]).toContain(rule);
    });
  }

  it('lets the calls to the one home pass, and code that merely looks alike', () => {
    for (const code of [
      "import { formatYuan, fenToYuan, yuanToFen } from '@marquee/contracts';",
      'const text = formatYuan(order.amount_fen);',
      'const wire = fenToYuan(totalFen);',
      'const km = (meters / 1000).toFixed(1);',
      'const share = Math.floor((baseFen * percent) / 100);',
      'const later = at + 8 * 86_400_000;',
      'const when = cinemaDateTimeOf(at);',
      'const code = /^1[0-5]\\d{16}$/.test(text);',
      'const title = `Row ${problem.row} has ${problem.cells} cells`;',
      "const heading = t('rowHeading', { row: '{row}排' });",
      // A comment may name the rule: 8 * 3600, +08:00, 138****8000, K排12座.
      'const seats = seatNames(labels, getLang());',
    ]) {
      expect(reportsOf(code), code).toEqual([]);
    }
  });
});

describe('one source per rule: where lint applies it', () => {
  const eslint = new ESLint();
  const hasRule = async (file) =>
    (await eslint.calculateConfigForFile(file)).rules?.['no-restricted-syntax']?.[0] === 2;

  it('applies to the sources of every app and of the contracts', async () => {
    for (const file of [
      'apps/web/src/features/orders/components/any.tsx',
      'apps/console/src/features/check-in/components/any.tsx',
      'apps/server/src/modules/orders/any.service.ts',
      'packages/contracts/src/rules/any.ts',
    ]) {
      expect(await hasRule(file), file).toBe(true);
    }
  }, 120_000);

  it('leaves out only the homes themselves, tests and past migrations', async () => {
    for (const file of [
      ...ruleHomes,
      'apps/web/src/features/orders/components/any.test.tsx',
      'apps/server/src/db/migrations/0025-phone-codes.ts',
    ]) {
      expect(await hasRule(file), file).toBe(false);
    }
  }, 120_000);
});
