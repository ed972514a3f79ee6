#!/usr/bin/env node
// The import circles of a TypeScript source tree: every strongly connected component of its import
// graph, type-only imports included (they tie modules together just the same, and ESLint's
// import-x/no-cycle skips them). eslint.config.js reports them per file (rule
// marquee/no-import-circle); run directly, this prints them all:
//   node scripts/import-cycles.mjs [dir=apps/server/src] [tsconfig=apps/server/tsconfig.json]
// It exits 1 when there is a circle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each file of `dir` with the files of `dir` it imports, resolved as `tsconfig` resolves them. */
export function importGraph(dir, tsconfig) {
  const root = path.resolve(dir);
  const tsconfigPath = path.resolve(tsconfig);
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath));
  return new Map(
    sourceFiles(root).map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(
          ({ fileName }) =>
            ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName,
        )
        .filter((target) => target && target.startsWith(root + path.sep))
        .map((target) => path.resolve(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The circles (strongly connected components, Tarjan) of an import graph: absolute paths. */
export function importCircles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  function visit(file) {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) {
        circles.push(component.sort());
      }
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'apps/server/src';
  const graph = importGraph(dir, process.argv[3] ?? 'apps/server/tsconfig.json');
  const circles = importCircles(graph);
  const imports = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
  console.log(`${dir}: ${graph.size} files, ${imports} imports, ${circles.length} circle(s)`);
  circles.forEach((circle, i) => {
    console.log(`circle ${i + 1} (${circle.length} files):`);
    for (const file of circle) console.log(`  ${path.relative(path.resolve(dir), file)}`);
  });
  process.exit(circles.length > 0 ? 1 : 0);
}
