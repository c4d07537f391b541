import fs from 'node:fs';
import path from 'node:path';

/** Code only staff, the playground or an upload use: a student's phone never precaches it (the worker keeps it when it is used). */
const NOT_FOR_STUDENTS =
  /features\/(admin|instructor|coupons|announcements)\/|features\/practice\/authoring\/|components\/chart\/|playground|monaco|prettier|graphiql|graphql-ws|tus-js-client/;
/** KaTeX's faces that nearly every formula uses; the rest are kept as a formula first needs them. */
const FORMULA_FONTS = /KaTeX_(Main-Regular|Math-Italic)-/;
/** Files outside the hashed assets that every page uses. */
const SHELL_FILES = new Set(['start-scripts.js', 'favicon.svg', 'media/logo.svg', 'icons/icon-192.png']);

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The built files a student's phone keeps when the service worker installs: the page's entry and
 * every chunk it can load (its imports and the routes' code), with their stylesheets and fonts (WOFF2
 * only: every browser that has service workers reads it), and the shell's files. About 650 kB
 * compressed, fetched once after the first visit; a new version fetches only its changed files.
 */
export function studentFiles(dist: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set(SHELL_FILES);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || NOT_FOR_STUDENTS.test(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.woff2') && (!asset.includes('KaTeX_') || FORMULA_FONTS.test(asset))) files.add(asset);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  return files;
}

/** A Workbox manifest transform keeping only `studentFiles`. */
export const precacheForStudents =
  (dist: string) =>
  <T extends { url: string; size: number }>(entries: T[]) => {
    const wanted = studentFiles(dist);
    return Promise.resolve({ manifest: entries.filter((entry) => wanted.has(entry.url.replace(/^\//, ''))), warnings: [] as string[] });
  };
