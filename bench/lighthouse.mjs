// npm run lighthouse: Lighthouse's mobile defaults (simulated slow 4G, a mid-range phone) with
// Debian's Chromium on the built site, for every server-rendered page (home, catalogue, course, blog, a post,
// reviews, login, sign-up) and the player (the demo student on a free course), in English and in Bangla (?lang=bn: Bangla text, Bengali digits, the self-hosted Bangla font).
// Options: --no-build, --runs N (default 5; each page's median run is reported, as Lighthouse advises),
// --only TEXT (just the pages whose name contains TEXT, e.g. --only Bangla; A|B for either), --no-floor.
// Each server-rendered page is also measured once with its scripts blocked (the floor: what the server's HTML, styles,
// pictures and the browser's own start cost on this machine, which no change to the scripts can go below); --no-floor skips it.
// --wait-seconds N and --allow-busy: each run first waits for a quiet machine (bench/machine-load.mjs).
// Results: printed and written to bench/results/lighthouse.md, with a copy of each full run in bench/results/runs/.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { loadNote, quietMachine } from './machine-load.mjs';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { root, seedDemo, startFreshDatabase, startProduct, stopProcess } from './product.mjs';

const TARGETS = { performance: 97, tbtMs: 100, accessibility: 95, lcpMs: 2500 };
const ATTEMPTS = 3;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5;
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;
const FLOOR = !process.argv.includes('--no-floor');
const wanted = (name) => ONLY === null || ONLY.split('|').some((text) => name.includes(text));

/** One page's report. Lighthouse sometimes fails to record a trace (NO_NAVSTART); such a run is repeated. */
async function audit(url, port, signedIn = false, scriptsBlocked = false) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The player needs the student's session cookie, which a storage reset would remove.
      disableStorageReset: signedIn,
      ...(scriptsBlocked ? { blockedUrlPatterns: ['*.js'] } : {}),
    });
    if (signedIn && !new URL(lhr.finalDisplayedUrl).pathname.startsWith('/myCoursePlay/')) {
      throw new Error(`${url} was not drawn for the signed-in student (it ended on ${lhr.finalDisplayedUrl})`);
    }
    if (!lhr.runtimeError) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${lhr.runtimeError.code}`);
    console.log(`Lighthouse could not measure ${url} (${lhr.runtimeError.code}); trying again`);
  }
}

/**
 * The player's address for the demo student, enrolled in a free course, and the student's session cookies
 * (the player is drawn for a signed-in student only).
 */
async function studentOnFreeCourse(productUrl) {
  const ask = async (query, variables, token) => {
    const res = await fetch(`${productUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
    return { data: body.data, cookies: res.headers.getSetCookie() };
  };
  const signIn = await ask('mutation($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }', {
    email: 'student@shikhon.test',
    password: 'Student123!',
  });
  const token = signIn.data.login.accessToken;
  const free = await ask('{ courses(limit: 1, section: FREE) { items { id } } }');
  const courseId = free.data.courses.items[0].id;
  await ask('mutation($input: PurchaseInput!) { purchaseCourse(input: $input) { message } }', { input: { courseId } }, token);
  const refresh = signIn.cookies.map((cookie) => cookie.split(';')[0]).find((pair) => pair.startsWith('shikhon_refresh='));
  const cookies = [
    { name: 'shikhon_refresh', value: refresh.slice('shikhon_refresh='.length), url: `${productUrl}/graphql`, httpOnly: true, sameSite: 'Strict' },
    { name: 'shikhon_signed_in', value: '1', url: productUrl },
  ];
  return { route: `/myCoursePlay/${courseId}`, cookies };
}

/**
 * Runs `measure` with the student's cookies in the measuring browser, and removes them afterwards: Lighthouse keeps
 * cookies between runs, and every other page is measured as a visitor sees it (a signed-in student opening /login
 * is sent on, which is not the page being measured). Each visit renews the session cookie (the old one is then
 * refused), so the renewed ones are kept for the next run.
 */
async function asStudent(port, student, measure) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  try {
    await context.addCookies(student.cookies);
    return await measure();
  } finally {
    student.cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith('shikhon_'));
    await context.clearCookies();
    await browser.close();
  }
}

/** The parts of the main thread's work (ms, as Lighthouse counts them on its slowed phone), and the longest tasks with the file they ran. */
function mainThreadWork(lhr) {
  const groups = Object.fromEntries((lhr.audits['mainthread-work-breakdown'].details?.items ?? []).map((item) => [item.group, Math.round(item.duration)]));
  const file = (url) =>
    url
      ? url
          .split('/')
          .pop()
          .replace(/-[\w-]{8}\.js$/, '.js')
      : 'the page itself';
  const longTasks = (lhr.audits['long-tasks'].details?.items ?? [])
    .slice(0, 4)
    .map((task) => `${Math.round(task.duration)} ${file(task.url)}`)
    .join('; ');
  return {
    styleLayout: groups.styleLayout ?? 0,
    scriptEvaluation: groups.scriptEvaluation ?? 0,
    scriptParseCompile: groups.scriptParseCompile ?? 0,
    paintCompositeRender: groups.paintCompositeRender ?? 0,
    parseHTML: groups.parseHTML ?? 0,
    other: (groups.other ?? 0) + (groups.garbageCollection ?? 0),
    longTasks: longTasks || 'none',
  };
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const database = await startFreshDatabase();
  await seedDemo(database.url);
  const product = await startProduct(database.url, 'lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const res = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ courses(limit: 1, section: PROFESSIONAL_SKILL) { items { id } } }' }),
    });
    const courseId = (await res.json()).data.courses.items[0].id;
    const [post] = await (await fetch(`${product.url}/blogs.json`)).json();
    // Every page the server renders (/home and /details/{id} draw the same pages as / and /course/{id}).
    const english = [
      ['Home', '/'],
      ['Catalogue', '/allCourses'],
      ['Course', `/course/${courseId}`],
      ['Blog', '/blog'],
      ['Blog post', `/blog/${post._id}`],
      ['Reviews', '/reviews'],
      ['Login', '/login'],
      ['Sign-up', '/signUp'],
    ];
    const student = wanted('Player') ? await studentOnFreeCourse(product.url) : null;
    if (student) english.push(['Player', student.route]);
    const pages = [...english, ...english.map(([name, route]) => [`${name} (Bangla)`, `${route}${route.includes('?') ? '&' : '?'}lang=bn`])].filter(([name]) =>
      wanted(name),
    );
    const rows = [];
    const loads = [];
    for (const [name, route] of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        loads.push(await quietMachine(`${name}, run ${run + 1}`));
        const measure = () => audit(product.url + route, chrome.port, name.startsWith('Player'));
        runs.push(name.startsWith('Player') ? await asStudent(chrome.port, student, measure) : await measure());
      }
      // The run with the median FCP and TTI: one slow spell of the shared machine does not decide the row.
      const lhr = computeMedianRun(runs);
      // The player is drawn in the browser: without its scripts there is no page to measure.
      const floor = FLOOR && !name.startsWith('Player') ? await audit(product.url + route, chrome.port, false, true) : null;
      const scores = runs.map((r) => Math.round(r.categories.performance.score * 100));
      const score = (id) => Math.round(lhr.categories[id].score * 100);
      const metric = (id) => lhr.audits[id].numericValue;
      const row = {
        name,
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcp: Math.round(metric('largest-contentful-paint')),
        cls: metric('cumulative-layout-shift').toFixed(3),
        tbt: Math.round(metric('total-blocking-time')),
        scores: scores.join(', '),
        benchmarkIndex: runs.map((r) => Math.round(r.environment.benchmarkIndex)),
        floor: floor ? `${Math.round(floor.categories.performance.score * 100)} / ${Math.round(floor.audits['total-blocking-time'].numericValue)}` : 'n/a',
        work: mainThreadWork(lhr),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      };
      rows.push(row);
      console.log(
        `${name}: performance ${row.performance} (runs: ${row.scores}), accessibility ${row.accessibility}, best practices ${row.bestPractices}, LCP ${row.lcp} ms, CLS ${row.cls}, TBT ${row.tbt} ms; without scripts ${row.floor}`,
      );
    }
    const met = (ok) => (ok ? 'met' : 'NOT met');
    const report = `# Lighthouse results

Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouse.version ?? '12'} (mobile defaults: simulated slow 4G and a mid-range phone)
and Debian's Chromium, on the built site served by the product with the demo catalogue. Command: \`npm run lighthouse\`.
Each page was measured ${RUNS} times; a row is the median run (Lighthouse's own choice of median), and the last column lists
every run's performance score. "Without scripts" is one run of the same page with its scripts blocked (performance / TBT in ms):
the floor this machine gives the server's HTML alone. Lighthouse simulates a phone by multiplying the time this machine's
Chromium takes by 4, so a slower or busier machine lowers every score; Lighthouse's own CPU measure of the machine
(its benchmark index, higher is faster) is given for every run: ${Math.min(...rows.flatMap((r) => r.benchmarkIndex))} to ${Math.max(...rows.flatMap((r) => r.benchmarkIndex))}.
${loadNote(loads)}

| Page | Performance | Accessibility | Best practices | LCP (ms) | CLS | TBT (ms) | Without scripts | Binary audits not passed | Performance of every run | Benchmark index of every run |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} (\`${r.route.replace(/[0-9a-f-]{36}|(?<=blog\/)[0-9a-f]{24}/, '{id}')}\`) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.lcp} | ${r.cls} | ${r.tbt} | ${r.floor} | ${r.failing.join(', ') || 'none'} | ${r.scores} | ${r.benchmarkIndex.join(', ')} |`).join('\n')}

Where the main thread's time goes in each row's run (ms, as Lighthouse counts it on its phone with a CPU 4× slower; its
mainthread-work-breakdown and long-tasks audits). TBT is the part of each task over 50 ms after the first paint.

| Page | Style & layout | Script evaluation | Script parse & compile | Paint & composite | HTML & CSS parsing | Other and GC | Longest tasks (ms, file) |
|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.work.styleLayout} | ${r.work.scriptEvaluation} | ${r.work.scriptParseCompile} | ${r.work.paintCompositeRender} | ${r.work.parseHTML} | ${r.work.other} | ${r.work.longTasks} |`).join('\n')}

Targets: performance at least ${TARGETS.performance} (${met(rows.every((r) => r.performance >= TARGETS.performance))}), TBT at most ${TARGETS.tbtMs} ms (${met(rows.every((r) => r.tbt <= TARGETS.tbtMs))}), accessibility at least ${TARGETS.accessibility} (${met(rows.every((r) => r.accessibility >= TARGETS.accessibility))}), LCP at most ${TARGETS.lcpMs} ms (${met(rows.every((r) => r.lcp <= TARGETS.lcpMs))}).
`;
    // A run of some pages only (--only) is a check, not the record.
    if (ONLY !== null) return console.log(`\n${report}`);
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'lighthouse.md'), report);
    fs.mkdirSync(path.join(root, 'bench', 'results', 'runs'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'runs', `${new Date().toISOString().slice(0, 16).replace(':', '-')}-lighthouse.md`), report);
    console.log(`\n${report}\nwritten to bench/results/lighthouse.md`);
  } finally {
    chrome.kill();
    await stopProcess(product.child);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
