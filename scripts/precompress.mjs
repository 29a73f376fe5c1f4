// Writes a brotli (.br) and a gzip (.gz) twin beside each built text file of a front end, so
// the server sends phones on slow networks compressed bytes without compressing per request.
// Usage: node scripts/precompress.mjs <dist folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/i;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: precompress.mjs <dist folder>');
let files = 0;
for (const file of walk(dir)) {
  if (!TEXT.test(file)) continue;
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
  writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files in ${dir} (.br and .gz)`);
