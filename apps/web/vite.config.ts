import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.MARQUEE_API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
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
  build: {
    manifest: true,
    target: 'es2020',
    chunkSizeWarningLimit: 400,
  },
});
