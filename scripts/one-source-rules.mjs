/**
 * One source per rule: syntax that re-types a rule which has one home. ESLint's
 * no-restricted-syntax reports it in the apps' and contracts' sources (eslint.config.js), outside
 * the homes themselves; `one-source-rules.test.mjs` proves each selector catches its copy.
 */

/** The one home of each rule: only these files may spell it out. */
export const ruleHomes = [
  'packages/contracts/src/money.ts',
  'packages/contracts/src/rules/china-time.ts',
  'packages/contracts/src/rules/phone.ts',
  'packages/contracts/src/rules/seat-name.ts',
];

const money =
  'Money: call formatYuan (contracts money.ts; from the wire: formatYuan(yuanToFen(yuan))) or fenToYuan, never re-type it.';
const chinaTime =
  'China time: call contracts rules/china-time.ts (cinemaDateOf, cinemaDateTimeOf, cinemaIsoAt, …), never add eight hours by hand.';
const phone =
  'Phone numbers: call isMobilePhone / MOBILE_PHONE_PATTERN / maskPhone (contracts rules/phone.ts).';
const seat =
  'Seat labels: call seatName / seatNames (contracts rules/seat-name.ts), never build "7排8座" or "Row 7, Seat 8" by hand.';

export const oneSourceRestrictions = [
  // (fen / 100).toFixed(2), amount.toFixed(2)
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
    message: money,
  },
  // fen / 100, order.amount_fen / 100, tenderedFen / 100
  {
    selector:
      "BinaryExpression[operator='/'][right.value=100]:matches([left.name=/fen$/i], [left.property.name=/fen$/i])",
    message: money,
  },
  // 8 * 3600_000, 8 * 3600 * 1000, 8 * 60 * 60 * 1000, 8 * 60
  {
    selector:
      "BinaryExpression[operator='*'][left.value=8]:matches([right.value=60], [right.value=3600], [right.value=3600000])",
    message: chinaTime,
  },
  { selector: 'Literal[value=/\\+08:00|^Asia\\/Shanghai$/]', message: chinaTime },
  { selector: 'TemplateElement[value.raw=/\\+08:00/]', message: chinaTime },
  {
    selector: "CallExpression[callee.property.name='utcOffset'][arguments.0.value=480]",
    message: chinaTime,
  },
  // /^1[3-9]\d{9}$/, /^1\d{10}$/, '^1[3-9][0-9]{9}$', and masks typed out ('****')
  { selector: 'Literal[regex.pattern=/1\\[3-9\\]|\\^1\\\\d\\{10\\}/]', message: phone },
  { selector: 'Literal[value=/1\\[3-9\\]|\\*\\*\\*\\*/]', message: phone },
  { selector: 'TemplateElement[value.raw=/\\*\\*\\*\\*/]', message: phone },
  // `${row}排${number}座`, `Row ${row}, Seat ${number}`, '{row}排{col}座'
  { selector: 'TemplateElement[value.raw=/排$|Seat $/]', message: seat },
  { selector: 'Literal[value=/\\}排\\{/]', message: seat },
];

/** Where the restrictions apply: the sources of apps and packages, not tests nor old migrations. */
export const oneSourceFiles = ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'];
export const oneSourceIgnores = [
  ...ruleHomes,
  '**/*.test.{ts,tsx}',
  '**/*-test-kit.ts',
  '**/*.test-kit.ts',
  '**/test-support/**',
  // Migrations are history: they keep the SQL they ran with.
  'apps/server/src/db/migrations/**',
];
