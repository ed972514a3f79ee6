import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.MARQUEE_API_ORIGIN ?? 'http://localhost:8080';

/** The staff console: its own bundle, served by the server under /console (decision 010). */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // `antd/locale/*` is CommonJS that pulls antd's lib/ copies of the date pickers' and
      // paginations' texts beside the es/ ones the components already import: use the es/ ones.
      { find: /^antd\/locale\/(.*)$/, replacement: 'antd/es/locale/$1' },
    ],
  },
  server: {
    port: 5174,
    proxy: { '/api': apiTarget },
  },
  build: {
    // Read by scripts/check-bundle-size.mjs: what the first load is made of.
    manifest: true,
    target: 'es2020',
    // antd is one large library; the console is a desktop back office on office networks.
    chunkSizeWarningLimit: 1500,
  },
});
