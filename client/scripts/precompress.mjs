// Writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so the
// server sends small files to slow phones without compressing on each request. `--fast`: quicker,
// somewhat larger copies (Brotli 5, gzip 6), for builds nobody downloads over a phone's network
// (the browser tests' build).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|ttf|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

const fast = process.argv.includes('--fast');
const brotliQuality = fast ? 5 : 11;
const gzipLevel = fast ? 6 : 9;

let count = 0;
for (const file of files(dist)) {
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: gzipLevel }));
  count += 1;
}
console.log(`precompressed ${count} files (Brotli ${brotliQuality} and gzip ${gzipLevel})`);
