// A map of the JavaScript a first load of the home page fetches: which packages and source files
// its bytes come from. Build with source maps first:
//   npx vite build --sourcemap --outDir /tmp/bundle-map --emptyOutDir
//   node scripts/bundle-map.mjs /tmp/bundle-map [en|bn]
// Each chunk's gzip size is shared among its sources in proportion to their minified bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';

const dist = path.resolve(process.argv[2] ?? 'dist');
const language = process.argv[3] ?? 'en';
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
const files = [...closure(entry)].map((key) => manifest[key].file);
const catalogue = Object.values(manifest).find((chunk) => chunk.src?.endsWith(`/${language}.json?first.js`));
if (catalogue) files.push(catalogue.file);

const bySource = new Map();
let total = 0;
for (const file of files) {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const gzip = zlib.gzipSync(code, { level: 9 }).length;
  total += gzip;
  const mapFile = path.join(dist, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    bySource.set(file, (bySource.get(file) ?? 0) + gzip);
    continue;
  }
  const map = new TraceMap(fs.readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const sizes = new Map();
  let last = null;
  eachMapping(map, (m) => {
    if (last && last.generatedLine === m.generatedLine) {
      const key = last.source ?? '(none)';
      sizes.set(key, (sizes.get(key) ?? 0) + (m.generatedColumn - last.generatedColumn));
    } else if (last) {
      const key = last.source ?? '(none)';
      sizes.set(key, (sizes.get(key) ?? 0) + (lines[last.generatedLine - 1].length - last.generatedColumn));
    }
    last = m;
  });
  if (last) sizes.set(last.source ?? '(none)', (sizes.get(last.source ?? '(none)') ?? 0) + (lines[last.generatedLine - 1].length - last.generatedColumn));
  const raw = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [source, size] of sizes) {
    const key = source
      .replace(/^.*?node_modules\//, 'node_modules/')
      .replace(/^.*?client\/src\//, 'client/src/')
      .replace(/^(\.\.\/)+/, '');
    bySource.set(key, (bySource.get(key) ?? 0) + (gzip * size) / raw);
  }
}
const pkg = (source) => {
  const m = source.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return m ? m[1] : source.startsWith('client/src/') || source.startsWith('src/') ? 'client/src' : source;
};
const byPackage = new Map();
for (const [source, size] of bySource) byPackage.set(pkg(source), (byPackage.get(pkg(source)) ?? 0) + size);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`First load (${language}): ${files.length} files, ${kb(total)} KB gzip`);
console.log('\nBy package:');
for (const [name, size] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${kb(size)} KB  ${name}`);
console.log('\nBy source file (top 60):');
for (const [name, size] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 60))) console.log(`${kb(size)} KB  ${name}`);
