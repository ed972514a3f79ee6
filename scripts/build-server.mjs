// `npm run build -w @marquee/server`: the server as plain JavaScript in apps/server/dist, so
// `npm start` runs it with node alone (no TypeScript at run time). One ESM bundle per entry point;
// our workspace packages (@marquee/contracts, TypeScript sources) are bundled in, every other
// package stays in node_modules (PGlite loads its WebAssembly from beside its own files).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.join(import.meta.dirname, '../apps/server');

// `node scripts/build-server.mjs --bench`: the benchmarks' servers (apps/server/bench/*-server.ts)
// built the same way into dist/bench, so a benchmark measures the JavaScript `npm start` runs.
const isBench = process.argv.includes('--bench');

const ownSourcesInside = {
  name: 'node-modules-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
    );
  },
};

// The current SQL of every function and trigger (src/db/sql/*.sql), embedded: the migrations load
// them by name (src/db/current-sql.ts), and dist/ runs without src/ beside it.
const sqlDir = path.join(serverDir, 'src/db/sql');
const sqlSources = Object.fromEntries(
  fs
    .readdirSync(sqlDir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => [
      file.slice(0, -'.sql'.length),
      fs.readFileSync(path.join(sqlDir, file), 'utf8'),
    ]),
);

await build({
  absWorkingDir: serverDir,
  entryPoints: isBench
    ? { 'bench-server': 'bench/bench-server.ts', 'hello-server': 'bench/hello-server.ts' }
    : {
        server: 'src/server.ts',
        'cli/site-wechat': 'src/cli/site-wechat.ts',
        'cli/site-sms': 'src/cli/site-sms.ts',
        'cli/site-set-token': 'src/cli/site-set-token.ts',
        'cli/secrets-rotate': 'src/cli/secrets-rotate.ts',
        'cli/staff-create': 'src/cli/staff-create.ts',
      },
  outdir: isBench ? 'dist/bench' : 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Chunks shared by the entry points, so the CLIs and the server run the same code.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [ownSourcesInside],
  define: { MARQUEE_SQL_SOURCES: JSON.stringify(sqlSources) },
  logLevel: 'warning',
});
console.log(
  isBench
    ? `bench servers built: ${path.relative(process.cwd(), path.join(serverDir, 'dist/bench'))}`
    : `server built: ${path.relative(process.cwd(), path.join(serverDir, 'dist'))}/server.js`,
);
