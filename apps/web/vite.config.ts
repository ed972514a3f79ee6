import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.MARQUEE_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
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
  // The server's render of the landing pages (src/entry-server.tsx, `vite build --ssr`): the UI
  // kits are bundled in, since their modules import CSS files Node cannot load.
  ssr: { noExternal: ['antd-mobile', 'antd-mobile-icons'] },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : clientBuild,
}));

/** The browser's build: hashed chunks in dist/, grouped so the first load is a few files. */
const clientBuild = {
  manifest: true,
  target: 'es2020',
  chunkSizeWarningLimit: 400,
  rolldownOptions: {
    output: {
      codeSplitting: {
        includeDependenciesRecursively: false,
        groups: [
          // React and ReactDOM (about 60 KB) apart from React Router (about 30 KB): one
          // "framework" chunk of both would be over the 70 KB chunk limit.
          {
            name: 'react',
            test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            priority: 30,
          },
          {
            name: 'router',
            test: /node_modules[\\/](react-router|cookie)[\\/]/,
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
  },
} satisfies UserConfig['build'];
