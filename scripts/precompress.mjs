// After a Vite build: write a brotli (.br) and a gzip (.gz) twin of every text file worth it, so
// the server sends them as they are (Content-Encoding by negotiation, @fastify/static
// `preCompressed`) instead of compressing the same bytes on every request.
//   node scripts/precompress.mjs <dist> [<dist> ...]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

for (const dist of process.argv.slice(2)) {
  let raw = 0;
  let brotli = 0;
  let count = 0;
  for (const file of files(dist)) {
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    raw += body.length;
    brotli += br.length;
    count += 1;
  }
  console.log(
    `precompressed ${count} files in ${path.relative(process.cwd(), dist) || dist}: ` +
      `${(raw / 1024).toFixed(1)} KB -> ${(brotli / 1024).toFixed(1)} KB brotli`,
  );
}
