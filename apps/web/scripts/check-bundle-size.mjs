// The JavaScript /home/index loads first must stay under 150 KB gzipped (issue 2): the entry
// chunk, its static imports, and the home index page's own chunk with its static imports.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const LIMIT_KB = 150;
const LIMIT_BYTES = LIMIT_KB * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect('index.html');
const homeKey = Object.keys(manifest).find((key) => key.endsWith('app/routes/home-index.tsx'));
if (!homeKey) throw new Error('home-index route chunk not found in the manifest');
collect(homeKey);

let total = 0;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(fs.readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gz`);
}
const verdict = total <= LIMIT_BYTES ? 'within' : 'OVER';
console.log(
  `First-load JS of /home/index: ${(total / 1024).toFixed(1)} KB gz (${verdict} the ${LIMIT_KB} KB limit)`,
);
if (total > LIMIT_BYTES) process.exit(1);
