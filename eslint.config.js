import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features never import each other: shared pieces go to lib/ or components/, and composition
// happens in app/ (bulletproof-react's rule). Both React apps follow it.
const featuresOf = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
// In the browser, zod is a types-only stand-in (apps/web/build/zod-shapes-only.ts).
const zodTypesOnly = {
  name: 'zod',
  allowTypeImports: true,
  message:
    'The web app uses zod for types only (the server validates); put a rule in contracts instead.',
};
// The moviegoers' app never loads anything of the staff console (decision 008).
const noConsoleInWeb = {
  name: '@marquee/contracts/console',
  message: 'The staff console stays out of the moviegoers’ bundle (decision 008).',
};
const boundariesOf = (featuresDir, extraPaths) => {
  const features = featuresOf(featuresDir);
  return features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: extraPaths,
          patterns: [
            {
              group: features
                .filter((other) => other !== feature)
                .map((other) => `@/features/${other}/**`),
              message:
                'Features do not import each other; compose them in app/ or move the piece to lib/.',
            },
          ],
        },
      ],
    },
  }));
};
const featureBoundaries = [
  ...boundariesOf('apps/web/src/features', [zodTypesOnly, noConsoleInWeb]),
  ...boundariesOf('apps/console/src/features', []),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodTypesOnly, noConsoleInWeb] }] },
  },
  ...featureBoundaries,
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
