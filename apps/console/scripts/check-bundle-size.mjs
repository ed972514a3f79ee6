// The console's bundle budget, checked after every build: what index.html loads before the first
// screen (sign-in or home) can run, the entry and its static imports, stays under 200 KB gzipped.
// Pages, the signed-in shell and what they alone use load when first opened and are printed
// apart, with what a first visit there loads in all.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const FIRST_LOAD_LIMIT_KB = 200;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function gzKb(file) {
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024);
  }
  return gzipped.get(file);
}

/** The files a manifest entry loads before it runs: itself, its static imports and their CSS. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sum = (files) => [...files].reduce((total, file) => total + gzKb(file), 0);

const firstLoad = staticClosure('index.html');
console.log('First load of the console (index.html, its entry and static imports):');
for (const file of [...firstLoad].sort((a, b) => gzKb(b) - gzKb(a))) {
  console.log(`  ${file}: ${gzKb(file).toFixed(1)} KB gz`);
}
const firstLoadKb = sum(firstLoad);
const isWithin = firstLoadKb <= FIRST_LOAD_LIMIT_KB;
console.log(
  `First load: ${firstLoadKb.toFixed(1)} KB gz ` +
    `(${isWithin ? 'within' : 'OVER'} the ${FIRST_LOAD_LIMIT_KB} KB limit)`,
);

const lazyKeys = Object.keys(manifest).filter((key) =>
  /src\/app\/(routes|layouts)\/[^/]+\.tsx$/.test(key),
);
console.log("What each page and the shell add to the first load, and a first visit's total:");
for (const key of lazyKeys.sort()) {
  const extraKb = sum([...staticClosure(key)].filter((file) => !firstLoad.has(file)));
  console.log(
    `  ${path.basename(key, '.tsx')}: +${extraKb.toFixed(1)} KB gz ` +
      `(${(firstLoadKb + extraKb).toFixed(1)} KB gz in all)`,
  );
}

// The two first screens in all: what a first visit loads before it shows sign-in or home.
const firstScreens = {
  'sign-in': ['app-shell', 'sign-in-page'],
  home: ['app-shell', 'console-layout', 'welcome-page'],
};
for (const [screen, parts] of Object.entries(firstScreens)) {
  const files = new Set(firstLoad);
  for (const part of parts) {
    const key = lazyKeys.find((candidate) => candidate.endsWith(`/${part}.tsx`));
    if (key) staticClosure(key, files);
  }
  console.log(`A first visit to ${screen} loads ${sum(files).toFixed(1)} KB gz in all`);
}

if (!isWithin) process.exit(1);
