import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Features never import each other: shared pieces go to lib/ or components/, and composition
// happens in app/ (bulletproof-react's rule).
const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
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
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [zodTypesOnly],
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // React Compiler's rules too: no refs read or written while rendering, no setState run
      // through an effect, pure renders (eslint-plugin-react-hooks v7 "recommended").
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-imports': ['error', { paths: [zodTypesOnly] }],
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
