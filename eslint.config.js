import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importCircles, importGraph } from './scripts/import-cycles.mjs';
import {
  oneSourceFiles,
  oneSourceIgnores,
  oneSourceRestrictions,
} from './scripts/one-source-rules.mjs';

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

// Server modules meet only through each other's index.ts, their public surface (Medusa's isolated
// modules); everything outside modules/ (app.ts, plugins, tests) goes through index.ts too. Test
// files may also borrow another module's `*-test-kit.ts`. No import circles: import-x/no-cycle sees
// value imports only, so marquee/no-import-circle (scripts/import-cycles.mjs) counts types too.
const serverSrc = 'apps/server/src';
const serverModulesDir = `${serverSrc}/modules`;
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
/** Outside module `module`, import it only through files matching `allowed` (globs in it). */
function moduleBoundaries(allowed) {
  return [
    'error',
    {
      zones: serverModules.map((module) => ({
        target: [
          `./${serverSrc}/*.ts`,
          `./${serverSrc}/!(modules)/**/*.ts`,
          `./${serverModulesDir}/!(${module})/**/*.ts`,
        ],
        from: `./${serverModulesDir}/${module}/**/*`,
        except: allowed.map((file) => `**/${serverModulesDir}/${module}/${file}`),
        message: `Other modules and the app import ${module} only through ../${module}/index.js.`,
      })),
    },
  ];
}
/** Each server file in an import circle, with that circle (computed once per ESLint run). */
let serverCircles;
function serverCircleOf(file) {
  serverCircles ??= new Map(
    importCircles(
      importGraph(
        path.join(import.meta.dirname, serverSrc),
        path.join(import.meta.dirname, 'apps/server/tsconfig.json'),
      ),
    ).flatMap((circle) => circle.map((member) => [member, circle])),
  );
  return serverCircles.get(file);
}
const importCircleRule = {
  meta: {
    type: 'problem',
    messages: { circle: 'This file is in an import circle (type imports included): {{files}}.' },
  },
  create(context) {
    return {
      Program(node) {
        const circle = serverCircleOf(context.physicalFilename);
        if (!circle) return;
        const root = path.join(import.meta.dirname, serverSrc);
        const files = circle.map((file) => path.relative(root, file)).join(', ');
        context.report({ node, messageId: 'circle', data: { files } });
      },
    };
  },
};
const serverImports = [
  {
    files: [`${serverSrc}/**/*.ts`, 'apps/server/bench/**/*.ts'],
    plugins: { 'import-x': importX, marquee: { rules: { 'no-import-circle': importCircleRule } } },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'marquee/no-import-circle': 'error',
      'import-x/no-restricted-paths': moduleBoundaries(['index.ts']),
    },
  },
  {
    // Tests may share another module's test kit (its fixtures), never its internals.
    files: [`${serverSrc}/**/*.test.ts`, `${serverSrc}/**/*-test-kit.ts`],
    rules: { 'import-x/no-restricted-paths': moduleBoundaries(['index.ts', '*-test-kit.ts']) },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'coverage/**'] },
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
      // React Compiler's rules too: no refs read or written while rendering, no setState run
      // through an effect, pure renders (eslint-plugin-react-hooks v7 "recommended").
      ...reactHooks.configs.flat.recommended.rules,
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodTypesOnly, noConsoleInWeb] }] },
  },
  ...featureBoundaries,
  ...serverImports,
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // One source per rule (money, China time, phone numbers, seat labels): no copy outside its home.
  {
    files: oneSourceFiles,
    ignores: oneSourceIgnores,
    rules: { 'no-restricted-syntax': ['error', ...oneSourceRestrictions] },
  },
);
