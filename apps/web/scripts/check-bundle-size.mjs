// Bundle budgets, checked after every build (decision 042):
// - the JavaScript /home/index loads before it is interactive stays under 150 KB gzipped: the
//   entry chunk, its static imports (React, React Router, the app's core), and the home index
//   page's own chunk with its static imports. The landing pages' first screens come rendered from
//   the server, so this gates when a page answers taps, not when it paints;
// - no chunk is over 70 KB gzipped (ReactDOM alone is about 66), so no route ever waits on one
//   large script.
// What each route adds beyond the entry (its chunk and static imports) is printed, with the
// total a visit that starts there loads before it is interactive.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const FIRST_LOAD_LIMIT_KB = 150;
const CHUNK_LIMIT_KB = 70;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function gzKb(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024);
  }
  return gzipped.get(file);
}

/** The JavaScript files a manifest entry loads before it runs: itself and its static imports. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((t, f) => t + gzKb(f), 0);
const routeKeys = Object.keys(manifest).filter((key) => /app\/routes\/[^/]+\.tsx$/.test(key));
const homeKey = routeKeys.find((key) => key.endsWith('app/routes/home-index.tsx'));
if (!homeKey) throw new Error('home-index route chunk not found in the manifest');

const entry = staticClosure('index.html');
const firstLoad = staticClosure(homeKey, new Set(entry));
for (const file of firstLoad) {
  if (file.endsWith('.js')) console.log(`  ${file}: ${gzKb(file).toFixed(1)} KB gz`);
}
const firstLoadKb = sum(firstLoad);
const firstLoadOk = firstLoadKb <= FIRST_LOAD_LIMIT_KB;
console.log(
  `First-load JS of /home/index: ${firstLoadKb.toFixed(1)} KB gz ` +
    `(${firstLoadOk ? 'within' : 'OVER'} the ${FIRST_LOAD_LIMIT_KB} KB limit)`,
);

const entryKb = sum(entry);
console.log(
  `What each route adds to the entry's ${entryKb.toFixed(1)} KB gz (its chunk and static ` +
    'imports), and a first visit there in all:',
);
for (const key of routeKeys.sort()) {
  const extra = [...staticClosure(key)].filter((file) => !entry.has(file));
  const extraKb = sum(extra);
  console.log(
    `  ${path.basename(key, '.tsx')}: +${extraKb.toFixed(1)} KB gz ` +
      `(${(entryKb + extraKb).toFixed(1)} KB gz in all)`,
  );
}

const jsFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js'));
const oversized = [...new Set(jsFiles)].filter((file) => gzKb(file) > CHUNK_LIMIT_KB);
for (const file of oversized) {
  console.log(
    `  OVER the ${CHUNK_LIMIT_KB} KB chunk limit: ${file} ${gzKb(file).toFixed(1)} KB gz`,
  );
}
const largest = Math.max(...jsFiles.map(gzKb));
console.log(`Largest chunk: ${largest.toFixed(1)} KB gz (limit ${CHUNK_LIMIT_KB} KB)`);

if (!firstLoadOk || oversized.length > 0) process.exit(1);
