// Prints the gzip size of the JavaScript each route loads first (the entry, the route's own chunk
// and everything they import statically) and fails when the home route is over its budget. The
// home page's first load also counts the page's message catalogue (preloaded with the page, and
// awaited before the first render), in each language.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// CI fails above this; the aim is 150 KB. It counts the page's catalogue since both languages
// landed: 209.7 KB in English and 212.3 KB in Bangla (the entry alone 199.1 KB) once every address
// came from lib/paths.ts and card ratings were translated. The bundle map (scripts/bundle-map.mjs)
// shows where the rest goes: React DOM, Chakra's style system, Apollo. The model tests' texts
// (practice.*) added about 1 KB to the Bangla catalogue: 213.3 KB. Every page still loads the whole
// catalogue: the integrations, mail, price and practice texts of one round took it to 215.1 KB in
// Bangla. Only the messages a page needs should ship with it; until then the budget is 216 KB. The
// question bank and model test builder keep their texts beside them (features/practice/authoring/
// locales): with their routes and menu entries the Bangla first load is 215.4 KB. Sign-in with a
// mobile number (phone.* texts on the sign-in pages and Edit Profile) took it to 216.3 KB: the
// budget was 217 KB. Lesson quizzes, the attempt history, question pictures and the menu that works
// before the scripts took it to 217.5 KB. Since then a page loads only the first part of its
// catalogue (the public pages' texts, src/locales/first-load.ts; the rest comes with the other
// pages), the info pages keep their texts beside them (features/info/locales, as the authoring pages
// do), and Apollo Client (with rxjs and graphql, about 44 KB) left the first download
// (client/src/lib/data: pages hydrate from the server's answers, Apollo loads after): 162.7 KB in
// Bangla and 161.7 KB in English. What stands between it and 150 KB is the stack itself: React DOM
// (62.6 KB), Chakra's run-time style system with Emotion and Ark (about 55 KB) and React Router
// (12.7 KB) are 130 KB before any page's own code or text (bench/results/bundle-map.md).
const HOME_BUDGET_KB = 163;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const gzipKb = (files) =>
  [...files].reduce((sum, key) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file)), { level: 9 }).length, 0) / 1024;

/**
 * The first part of each language's catalogue (the public pages' texts, src/locales/first-load.ts),
 * which a page loads first; the rest (scripts/catalogue-plugin.ts makes a chunk of each) comes with
 * the other pages.
 */
const catalogues = Object.keys(manifest)
  .map((key) => [key.match(/src\/locales\/(\w+)\.json\?first\.js$/)?.[1], key])
  .filter(([language]) => language);
const rests = Object.keys(manifest).filter((key) => /src\/locales\/\w+\.json\?rest\.js$/.test(key));

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
const routes = Object.keys(manifest).filter((key) => key.startsWith('src/features/') && key.endsWith('-page.tsx'));
const rows = routes
  .map((route) => ({ route: route.replace('src/features/', ''), kb: gzipKb(closure(route, closure(entry))) }))
  .sort((a, b) => a.route.localeCompare(b.route));
console.log('JavaScript loaded first, gzip:');
for (const row of rows) console.log(`  ${row.route.padEnd(44)} ${row.kb.toFixed(1).padStart(7)} KB`);
// The home page is bundled into the entry (it is where most visits start); if it is ever split
// out again, its own chunk counts.
const homeRoute = routes.find((route) => route.endsWith('catalog/home-page.tsx'));
const homeFiles = homeRoute ? closure(homeRoute, closure(entry)) : closure(entry);
const homes = catalogues.map(([language, key]) => ({ language, kb: gzipKb(new Set([...homeFiles, key])) }));
console.log(`  ${'the entry (home page included)'.padEnd(44)} ${gzipKb(homeFiles).toFixed(1).padStart(7)} KB`);
for (const home of homes) console.log(`  ${`home page with the ${home.language} catalogue's first part`.padEnd(44)} ${home.kb.toFixed(1).padStart(7)} KB`);
for (const key of rests) console.log(`  ${`the rest of ${key.match(/(\w+)\.json/)[1]}, loaded later`.padEnd(44)} ${gzipKb([key]).toFixed(1).padStart(7)} KB`);
const over = homes.filter((home) => home.kb > HOME_BUDGET_KB);
if (homes.length === 0 || over.length > 0) {
  for (const home of over)
    console.error(`The home page (${home.language}) loads ${home.kb.toFixed(1)} KB of gzip JavaScript first, over its budget of ${HOME_BUDGET_KB} KB.`);
  if (homes.length === 0) console.error('No message catalogue found in the build.');
  process.exit(1);
}
console.log(`Home page: ${homes.map((home) => `${home.language} ${home.kb.toFixed(1)} KB`).join(', ')} of ${HOME_BUDGET_KB} KB.`);
