// Prints the gzip size of the JavaScript each page loads first (the entry, the page's own chunk,
// the route that brings Chakra's run-time to every page but the home page, everything they import
// statically, and the part of the message catalogue the page waits for) and fails when a public page
// is over its budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The history: 217.5 KB (Bangla) when every page loaded the whole catalogue, Apollo Client and
// Chakra's run-time first; 162.7 KB once Apollo and most of the catalogue left the first load
// (client/src/lib/data, src/locales/first-load.ts). Since the header, the home page, the course
// and review cards, the footer and the loading and error states are drawn with plain elements and
// the page's stylesheet (src/styles, virtual:theme.css), the home page loads no style system:
// 107.3 KB in Bangla, 106.3 KB in English (bench/results/bundle-map.md). Sign-in and sign-up were
// the last public pages drawn with Chakra's components (192 and 204 KB).
/** Every public page (the pages the server draws), in both languages. */
const PUBLIC_BUDGET_KB = 150;
/** The home page, where most visits start, is held closer to what it is. */
const HOME_BUDGET_KB = 110;
/** The pages the server draws (client/src/server-entry.tsx: serverRenderedPages), by their module. */
const PUBLIC_PAGES = [
  'catalog/home-page.tsx',
  'catalog/all-courses-page.tsx',
  'search/search-page.tsx',
  'course/course-page.tsx',
  'community/blog-page.tsx',
  'community/blog-post-page.tsx',
  'community/reviews-page.tsx',
  'community/success-story-page.tsx',
  'account/login-page.tsx',
  'account/sign-up-page.tsx',
  'practice/model-tests-page.tsx',
  'practice/model-test-page.tsx',
  'certificate/certificate-page.tsx',
  'info/about-page.tsx',
  'info/privacy-page.tsx',
  'info/terms-page.tsx',
  'info/refund-page.tsx',
  'info/contact-page.tsx',
  'info/support-page.tsx',
  'info/career-page.tsx',
];
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
// The route of the pages drawn with Chakra (src/app/chakra.tsx), which the entry imports when a page needs it.
const chakraRoute = manifest[entry].dynamicImports?.find((key) => manifest[key].name === 'chakra' || manifest[key].src === 'src/app/chakra.tsx');
if (!chakraRoute) throw new Error('src/app/chakra.tsx is not among the chunks the entry loads later');
const routes = Object.keys(manifest).filter((key) => key.startsWith('src/features/') && key.endsWith('-page.tsx'));
const isHome = (page) => page === 'catalog/home-page.tsx';

/** The modules a page loads first, without its texts. The home page is bundled into the entry (where most visits start). */
function firstLoad(page) {
  const files = closure(entry);
  if (isHome(page)) return files;
  closure(`src/features/${page}`, files);
  // Every public page is drawn with plain elements, outside the route that brings Chakra's run-time (src/app/router.tsx).
  if (PUBLIC_PAGES.includes(page)) {
    if (files.has(chakraRoute)) throw new Error(`${page} is a public page, but it loads Chakra's run-time`);
    return files;
  }
  return closure(chakraRoute, files);
}

const languages = catalogues.map(([language, first]) => ({
  language,
  first,
  rest: rests.find((key) => key.includes(`/${language}.json?rest`)),
}));
if (languages.length === 0) throw new Error('No message catalogue found in the build.');

/**
 * Code a page may only fetch later, never in its first load: the chart drawing (uPlot), which
 * src/components/chart/load-drawing.ts imports when a chart on a dashboard is drawn.
 */
const LATER_ONLY = [/^src\/components\/chart\/draw-chart\.ts$/, /node_modules\/uplot\//];
const chartDrawing = Object.keys(manifest).find((key) => LATER_ONLY[0].test(key));
if (!chartDrawing) throw new Error('src/components/chart/draw-chart.ts is not a chunk of its own: uPlot would join a page’s first load');
const early = [];
const over = [];
console.log(`JavaScript loaded first, gzip, with the page's texts (${languages.map((l) => l.language).join(' / ')}):`);
// The home page is bundled into the entry: it has no chunk of its own.
const pages = ['catalog/home-page.tsx', ...routes.map((route) => route.replace('src/features/', ''))].sort();
for (const page of pages) {
  const isPublic = PUBLIC_PAGES.includes(page);
  const files = firstLoad(page);
  // A public page waits for the first part of its catalogue; any other for the rest too.
  const sizes = languages.map(({ language, first, rest }) => ({ language, kb: gzipKb(new Set([...files, first, ...(isPublic ? [] : [rest])])) }));
  const budget = isHome(page) ? HOME_BUDGET_KB : isPublic ? PUBLIC_BUDGET_KB : null;
  console.log(`  ${page.padEnd(48)} ${sizes.map(({ kb }) => kb.toFixed(1).padStart(6)).join(' /')} KB${budget ? ` (budget ${budget})` : ''}`);
  for (const { language, kb } of sizes) if (budget && kb > budget) over.push({ page, language, kb, budget });
  for (const key of files) if (LATER_ONLY.some((pattern) => pattern.test(key))) early.push({ page, key });
}
// The server sends a public page's HTML before its code: a stylesheet that came with the code would
// leave the page unstyled until then (main.tsx puts every stylesheet under src/ in the first one).
const lateStyles = PUBLIC_PAGES.filter((page) => !isHome(page)).filter((page) =>
  [...closure(`src/features/${page}`)].some((key) => !closure(entry).has(key) && manifest[key].css?.length),
);
for (const page of lateStyles) console.error(`${page} brings a stylesheet with its code: the server's HTML would be drawn without it.`);
for (const { page, language, kb, budget } of over)
  console.error(`${page} (${language}) loads ${kb.toFixed(1)} KB of gzip JavaScript first, over its budget of ${budget} KB.`);
console.log(`  the chart drawing (uPlot), fetched when a chart is drawn: ${gzipKb([chartDrawing]).toFixed(1)} KB`);
for (const { page, key } of early) console.error(`${page} loads ${key} first: the chart drawing must come only when a chart is drawn.`);
const missing = PUBLIC_PAGES.filter((page) => !pages.includes(page));
for (const page of missing) console.error(`${page} is not a page of the build: is PUBLIC_PAGES out of date?`);
if (over.length > 0 || missing.length > 0 || lateStyles.length > 0 || early.length > 0) process.exit(1);
console.log(`The home page is within ${HOME_BUDGET_KB} KB and the other public pages within ${PUBLIC_BUDGET_KB} KB, none with Chakra's run-time.`);
