import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Preact's React layer in place of React and ReactDOM (decision 034): the same components and
// libraries, about 50 KB gzipped less on every first load.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const apiTarget = process.env.MARQUEE_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...preactAliases,
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The contracts' schemas are types only in the browser: see build/zod-shapes-only.ts.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./build/zod-shapes-only.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/sandbox': apiTarget },
  },
  build: {
    manifest: true,
    target: 'es2020',
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](preact|react-router|cookie)[\\/]/,
              priority: 30,
            },
            {
              name: 'app-core',
              test: /node_modules[\\/](@tanstack|@oxc-project[\\/]runtime|@babel[\\/]runtime)[\\/]|[\\/]src[\\/]lib[\\/](api[\\/]|i18n[\\/]|query-keys|cookies|paths|brand)|[\\/]build[\\/]zod-shapes-only|[\\/]contracts[\\/]src[\\/](call|fields|errors|rules[\\/](phone|show-heat|first-screen)|calls[\\/](auth|cards|cinema))\.ts$|^\0/,
              priority: 20,
            },
            {
              // What app/first-screen.ts fetches for the seat map and the store: on its own, so
              // the request does not wait for the page's whole chunk graph.
              name: 'first-screen-data',
              test: /[\\/]features[\\/](film-order[\\/]api[\\/]get-show-seats|store[\\/]api[\\/]get-(category|goods)-list)\.ts$|[\\/]contracts[\\/]src[\\/]calls[\\/]store\.ts$/,
              priority: 15,
            },
            {
              name: 'home-first-screen',
              test: /[\\/]src[\\/](features[\\/]cinema[\\/](components[\\/](film-list|film-card|film-list-skeleton)|api[\\/]get-film-list|film-messages)|components[\\/]ui[\\/](query-view|empty-state|failure-block))|antd-mobile-icons[\\/]es[\\/](RightOutline|SearchOutline|ShopbagOutline)/,
              priority: 10,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // React Router looks useOptimistic up and falls back when it is missing, as in Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return;
        }
        warn(warning);
      },
    },
  },
});
