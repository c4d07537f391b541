/* global PerformanceObserver, MutationObserver, document, performance, navigator */
// npm run bench:phone: a first visit to the home page and to the model tests on a cheap phone over a poor mobile network
// (400 kbps both ways, 400 ms round trip, the CPU slowed 4×; Chromium's own throttling through the
// DevTools protocol), in English and in Bangla. Measures, from the start of the navigation:
// the first contentful paint; when a tap works: the page is drawn by the server with real links, so a
// tap on a course card (on the model tests, a test) is made as soon as the first one is painted, and
// must open it (as a new page while the scripts are still arriving); when the tapped page is on screen;
// and when the page's scripts have taken it over (`html[data-interactive]`, set once the app has
// hydrated), after which a tap must open the card in the page without loading a new one.
// Also the home page's second visit, its scripts from the phone's cache (the site's service worker).
// Options: --no-build, --runs N (default 3; the median is reported), --wait-seconds N and --allow-busy (see
// machine-load.mjs: each run waits for a quiet machine). Results: bench/results/phone.md.
// --phone-font FILE adds a Bangla row on a phone that has Noto Sans Bengali as its own font, as Android
// phones do (FILE: NotoSansBengali-Regular.ttf, e.g. from Debian's fonts-noto-core: `apt-get download
// fonts-noto-core && dpkg-deb -x fonts-noto-core_*.deb noto`); without it, this machine has no Bangla font.
import os from 'node:os';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, seedDemo, startFreshDatabase, startProduct, stopProcess } from './product.mjs';
import { loadNote, quietMachine } from './machine-load.mjs';

/** What each page must meet: a tap works (and, where given, the first paint) within so many ms. */
const TARGETS = { home: { tap: 3500 }, modelTests: { fcp: 1000, tap: 2500 } };
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 3;
const NETWORK = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
const CPU_SLOWDOWN = 4;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What a tap on the page opens: the home page's course cards, the model tests' tests; `shows`: the opened page is drawn. */
const TAPS = {
  home: { link: 'a[href^="/course/"]', opens: /\/course\//, shows: 'main h1' },
  modelTests: { link: 'a[href^="/model-tests/"]', opens: /\/model-tests\/[0-9a-f-]{36}/, shows: 'main h1' },
};

/** A throttled phone's window: the network and CPU of the header, the paint and take-over times recorded in `window.__phone`. */
async function throttledPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(() => {
    const seen = (window.__phone = { interactive: null, fcp: null });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    // The document itself: its <html> element is not made yet when this runs.
    new MutationObserver(() => {
      if (seen.interactive === null && document.documentElement?.dataset.interactive !== undefined) seen.interactive = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-interactive'] });
  });
  return page;
}

/**
 * A phone that has opened `url` before (unthrottled): the site's service worker keeps the app (it
 * is active once its precache is stored), so the next visit's scripts come from the phone.
 */
async function visitedBefore(context, url) {
  const before = await context.newPage();
  await before.goto(url);
  await before.waitForSelector('html[data-interactive]', { timeout: 120_000 });
  await before.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await before.close();
}

const newContext = (browser) => browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * The earliest tap: the first card is tapped as soon as the page is painted with it, and must
 * open its page (a new page while the scripts are still on their way, or in place once they have
 * taken over). Answers the tap's time and when the opened page's heading is on screen, both from the
 * navigation's start.
 */
async function earliestTap(browser, url, tap, { secondVisit = false } = {}) {
  const context = await newContext(browser);
  if (secondVisit) await visitedBefore(context, url);
  const page = await throttledPage(context);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const card = page.locator(tap.link).first();
  await card.waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForFunction(() => window.__phone.fcp !== null, undefined, { timeout: 120_000, polling: 50 });
  const tappedAt = Date.now() - started;
  await card.tap({ noWaitAfter: true });
  await page.waitForURL(tap.opens, { timeout: 120_000, waitUntil: 'commit' });
  await page.locator(tap.shows).first().waitFor({ state: 'visible', timeout: 120_000 });
  const opened = Date.now() - started;
  await context.close();
  return { tappedAt, opened };
}

/** When the scripts take the page over; a tap then opens a card in place. Also what was transferred. */
async function takeOver(browser, url, tap, { secondVisit = false } = {}) {
  const context = await newContext(browser);
  if (secondVisit) await visitedBefore(context, url);
  const page = await throttledPage(context);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector('html[data-interactive]', { timeout: 120_000 });
  const { interactive, fcp } = await page.evaluate(() => window.__phone);
  const loadsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  const transferred = (pattern) =>
    page.evaluate(
      (source) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(source).test(entry.name))
          .reduce((sum, entry) => sum + entry.transferSize, 0),
      pattern.source,
    );
  const bytes = await transferred(/\.js(\?|$)/);
  const fontBytes = await transferred(/\.woff2(\?|$)/);
  await page.locator(tap.link).first().tap();
  await page.waitForURL(tap.opens, { timeout: 120_000 });
  const sameDocument = await page.evaluate((before) => performance.getEntriesByType('navigation').length === before && '__phone' in window, loadsBefore);
  await context.close();
  if (!sameDocument) throw new Error(`a tap on ${url} loaded a new page after html[data-interactive]: the scripts had not taken it over`);
  return { interactive, fcp, scriptKb: bytes / 1024, fontKb: fontBytes / 1024 };
}

/** One run: the earliest tap, then (in a fresh window) the scripts' take-over. */
async function visit(browser, url, tap, how) {
  const early = await earliestTap(browser, url, tap, how);
  return { ...early, ...(await takeOver(browser, url, tap, how)) };
}

const targetText = (target) => [target.fcp !== undefined && `first paint ≤ ${target.fcp} ms`, `a tap works ≤ ${target.tap} ms`].filter(Boolean).join(', ');

/** A fontconfig file with this machine's fonts and `font`'s folder. */
function fontconfigWith(font) {
  if (!fs.existsSync(font)) throw new Error(`--phone-font: no file at ${font}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'phone-fonts-'));
  const file = path.join(folder, 'fonts.conf');
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include>` +
      `<dir>${path.dirname(font)}</dir><cachedir>${path.join(folder, 'cache')}</cachedir></fontconfig>`,
  );
  return file;
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const database = await startFreshDatabase();
  await seedDemo(database.url);
  const product = await startProduct(database.url, 'phone');
  const launch = (env = process.env) =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      env,
    });
  const browser = await launch();
  const phoneFontAt = process.argv.indexOf('--phone-font');
  const phoneFont = phoneFontAt >= 0 ? path.resolve(process.argv[phoneFontAt + 1]) : null;
  // Chromium finds the phone's fonts through fontconfig: this machine's, and the one given.
  const withPhoneFont = phoneFont ? await launch({ ...process.env, FONTCONFIG_FILE: fontconfigWith(phoneFont) }) : null;
  const loads = [];
  try {
    const rows = [];
    const pages = [
      ['Home', '/', browser, 'home'],
      ['Home (Bangla)', '/?lang=bn', browser, 'home'],
      ...(withPhoneFont ? [["Home (Bangla), the phone's own Noto Sans Bengali", '/?lang=bn', withPhoneFont, 'home']] : []),
      // Coming back: the app from the phone's own cache (the service worker), the page from the network.
      ['Home, second visit', '/', browser, 'home', { secondVisit: true }],
      ['Model tests', '/model-tests', browser, 'modelTests'],
      ['Model tests (Bangla)', '/model-tests?lang=bn', browser, 'modelTests'],
    ];
    for (const [name, route, browser, kind, how = {}] of pages) {
      // The server renders each page once, then serves it from its cache: the first visit warms it.
      await fetch(product.url + route, { headers: { accept: 'text/html' } });
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        loads.push(await quietMachine(`${name}, run ${run + 1}`));
        runs.push(await visit(browser, product.url + route, TAPS[kind], how));
      }
      const row = {
        name,
        route,
        fcp: Math.round(median(runs.map((r) => r.fcp))),
        tappedAt: Math.round(median(runs.map((r) => r.tappedAt))),
        opened: Math.round(median(runs.map((r) => r.opened))),
        interactive: Math.round(median(runs.map((r) => r.interactive))),
        scriptKb: median(runs.map((r) => r.scriptKb)).toFixed(1),
        fontKb: median(runs.map((r) => r.fontKb)).toFixed(1),
        all: runs.map((r) => r.tappedAt).join(', '),
        allInteractive: runs.map((r) => Math.round(r.interactive)).join(', '),
        target: TARGETS[kind],
      };
      row.met = row.tappedAt <= row.target.tap && (row.target.fcp === undefined || row.fcp <= row.target.fcp);
      rows.push(row);
      console.log(
        `${name}: first paint ${row.fcp} ms, a tap works at ${row.tappedAt} ms (runs: ${row.all}) and its page is on screen at ${row.opened} ms, ` +
          `the scripts take over at ${row.interactive} ms (runs: ${row.allInteractive}), scripts ${row.scriptKb} KB and fonts ${row.fontKb} KB transferred`,
      );
    }
    const report = `# A cheap phone on a poor network

Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:phone\` (bench/phone.mjs): Debian's Chromium through
playwright-core, a first visit (empty cache) to the home page with the network at 400 kbps both ways and 400 ms
round trip, and the CPU slowed ${CPU_SLOWDOWN}× (DevTools protocol throttling), on the built site served by the product with
the demo catalogue; "second visit": the phone has opened the page before and the service worker keeps the app, so only
the page itself comes over the network. Each run opens the page twice, in fresh windows. "A tap works": the pages are
drawn by the server with real links, so the first course card (on the model tests, the first test) is tapped as soon as
the page has painted it, and the run checks that the tap opens it ("its page on screen": the tapped page's heading is
shown; before the scripts have arrived it opens as a new page). "Scripts take over": the time until the page's scripts
have hydrated it (\`html[data-interactive]\`); the run then taps a card again and checks it opens in place, without
loading a new page. All times from the navigation's start. Median of ${RUNS} runs.
${loadNote(loads)}

| Page | First contentful paint (ms) | A tap works (ms) | Its page on screen (ms) | Scripts take over (ms) | Scripts transferred (KB) | Fonts transferred (KB) | A tap works, every run (ms) | Scripts take over, every run (ms) | Target |
|---|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} (\`${r.route}\`) | ${r.fcp} | ${r.tappedAt} | ${r.opened} | ${r.interactive} | ${r.scriptKb} | ${r.fontKb} | ${r.all} | ${r.allInteractive} | ${targetText(r.target)}: ${r.met ? 'met' : 'NOT met'} |`).join('\n')}
`;
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'phone.md'), report);
    console.log(`\n${report}\nwritten to bench/results/phone.md`);
  } finally {
    await browser.close();
    await withPhoneFont?.close();
    await stopProcess(product.child);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
