// npm run bench: builds, starts the product against a fresh PostgreSQL database holding a generated
// catalogue, and measures its catalogue reads against a minimal node:http + pg server doing the same
// SQL; then buying under load, two copies of the product on one database, and CPU profiles.
// Options: --no-build, --courses N (default 100000), --duration S (default 8), --only TEXT (scenarios
// whose name holds TEXT; A|B for either), --database-url URL (a separate PostgreSQL server instead of the embedded one:
// the bench makes a database of its own there and drops it afterwards), --no-profiles, --no-record
// (print only; bench/results is left as it is).
import { execSync } from 'node:child_process';
import { deepStrictEqual } from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { catalogueScenarios, startBaseline, statementsFor } from './catalogue-scenarios.mjs';
import { COURSE_PAGE, HOME } from './client-queries.mjs';
import { measureCpu } from './cpu.mjs';
import { generateCatalogue } from './generate-catalogue.mjs';
import { alternate, fetchJson, graphql, load, loadUntil, percentile } from './load.mjs';
import { root, startFreshDatabase, startProduct, stopProcess } from './product.mjs';
import { profilerFlags, summarizeProfile, timedWindow } from './profiles.mjs';
import { buyUnderLoad, OnePurchaseRuleBroken } from './purchases.mjs';
import { writeResults } from './report.mjs';
import { invalidationDelays, startRoundRobinProxy } from './two-processes.mjs';

const args = process.argv.slice(2);
const valueOf = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const option = (name, fallback) => (valueOf(name) === undefined ? fallback : Number(valueOf(name)));
const COURSES = option('courses', 100_000);
const DURATION = option('duration', 8);
const ONLY = valueOf('only') ?? '';
const DATABASE_URL = valueOf('database-url');
const STEPS = [1, 2, 4, 8, 16, 32, 64];
const PROFILE_SECONDS = 5;

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** The highest load before p99 more than doubles from one connection, or the last step if it never does. */
async function knee(base, request) {
  const points = [];
  for (const connections of STEPS) {
    points.push(await load(base, request, connections, Math.max(3, Math.round(DURATION / 2))));
    if (points.at(-1).p99 > 2 * Math.max(points[0].p99, 1)) break;
  }
  return points.length > 1 && points.at(-1).p99 > 2 * Math.max(points[0].p99, 1) ? points.at(-2) : points.at(-1);
}

/**
 * CPU milliseconds per request in a server (the product or the baseline) and in PostgreSQL, from a load
 * on that server alone: as many requests as it answered in half a measurement at `rps`, all of them answered.
 */
async function costPerRequest(server, request, admin, rps) {
  const amount = Math.min(5000, Math.max(50, Math.round((rps * DURATION) / 2)));
  const { result, productCpu, databaseCpu } = await measureCpu([server.child.pid], admin, () => load(server.url, request, 10, DURATION, amount));
  return { productMs: (1000 * productCpu) / result.requests, databaseMs: (1000 * databaseCpu) / result.requests };
}

/** GraphQL answers a product logged from byte `from` of its log on, and how many of them ran SQL (were not served from the cache). */
function cacheMisses(logFile, from) {
  const lines = fs
    .readFileSync(logFile)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.includes('"sql":'));
  return { answers: lines.length, computed: lines.filter((line) => !line.includes('"sql":0')).length };
}

/** The SQL statements most purchases ran, from the product's request log. */
function sqlPerPurchase(logFile) {
  const counts = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"operation":"PurchaseCourse"'))
    .map((line) => JSON.parse(line).sql);
  return percentile(counts, 50);
}

const selected = (name) => ONLY.split('|').some((part) => name.includes(part));

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

async function main() {
  const loadBefore = loadAverage();
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  console.log(`starting PostgreSQL and generating ${COURSES} courses...`);
  const database = await startFreshDatabase(DATABASE_URL);
  const databaseUrl = database.url;
  const processes = [];
  const admin = new pg.Client({ connectionString: databaseUrl });
  admin.on('error', () => {}); // the bench's connection may outlive a failed run
  const start = async (...startArgs) => {
    const product = await startProduct(...startArgs);
    processes.push(product.child);
    return product;
  };
  try {
    // The first start applies the migrations; the generated catalogue joins the empty database.
    const uncached = await start(databaseUrl, 'product-uncached', { GRAPHQL_RESPONSE_CACHE: 'false' });
    await admin.connect();
    const started = Date.now();
    await generateCatalogue(admin, { courses: COURSES, instructors: Math.max(10, Math.round(COURSES / 100)) });
    const { rows } = await admin.query(
      `SELECT count(*)::int AS courses, (SELECT count(*)::int FROM lesson) AS lessons, (SELECT count(*)::int FROM review) AS reviews, pg_size_pretty(pg_database_size(current_database())) AS size FROM course`,
    );
    const middle = async (offset) => (await admin.query(`SELECT id FROM course WHERE published ORDER BY "createdAt" LIMIT 1 OFFSET $1`, [offset])).rows[0].id;
    const courseId = await middle(Math.floor(COURSES / 2));
    const editedCourseId = await middle(Math.floor(COURSES / 3));
    console.log(`catalogue: ${JSON.stringify(rows[0])} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const cached = await start(databaseUrl, 'product-cached', {});
    const baseline = await startBaseline(databaseUrl);
    processes.push(baseline.child);

    const catalogue = catalogueScenarios({ uncached, cached, courseId });

    const results = { catalogue: [], staticFiles: [], twoProcesses: [], invalidation: null, purchases: null, profiles: [] };
    for (const scenario of catalogue.filter((s) => selected(s.name))) {
      // Same answer from both, or the comparison means nothing.
      const answer = await fetchJson(scenario.product.url, scenario.request);
      deepStrictEqual(answer, await fetchJson(baseline.url, scenario.baseline), `${scenario.name}: answers differ`);
      if (scenario.results !== undefined) deepStrictEqual(answer.data.searchCourses.length, scenario.results, `${scenario.name}: unexpected number of courses`);
      const sql = await statementsFor(scenario.product, scenario.request);
      await load(scenario.product.url, scenario.request, 10, 2); // warm-up
      await load(baseline.url, scenario.baseline, 10, 2);
      const { first: product, second: base } = await alternate(
        { url: scenario.product.url, request: scenario.request },
        { url: baseline.url, request: scenario.baseline },
        DURATION,
      );
      const atKnee = { product: await knee(scenario.product.url, scenario.request), baseline: await knee(baseline.url, scenario.baseline) };
      const cost = await costPerRequest(scenario.product, scenario.request, admin, product.rps);
      const baselineCost = await costPerRequest(baseline, scenario.baseline, admin, base.rps);
      results.catalogue.push({ name: scenario.name, sql, at10: { product, baseline: base }, atKnee, cost, baselineCost });
      console.log(
        `${scenario.name}: ${Math.round(product.rps)} req/s vs baseline ${Math.round(base.rps)}, p99 ${product.p99} ms, ${sql} SQL, ${cost.productMs.toFixed(2)} + ${cost.databaseMs.toFixed(2)} CPU ms`,
      );
    }

    const staticName = 'Static files from the product process';
    if (selected(staticName)) {
      // What a CDN would take off the product: the first-load script and a lesson video, served by Express today.
      const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(read('client/dist/index.html'))[1];
      const files = [
        { what: 'the first-load script, Brotli', request: { path: entry, headers: { 'accept-encoding': 'br' } } },
        { what: 'a lesson video (the demo file)', request: { path: '/media/videos/lesson-1.webm' } },
      ];
      results.staticFiles = [];
      for (const file of files) {
        const res = await fetch(uncached.url + file.request.path, { headers: file.request.headers });
        await res.arrayBuffer();
        const bytes = Number(res.headers.get('content-length')); // as sent: fetch itself undoes the Brotli
        await load(uncached.url, file.request, 10, 2);
        const { result, productCpu } = await measureCpu([uncached.child.pid], admin, () => load(uncached.url, file.request, 10, DURATION / 2));
        results.staticFiles.push({ ...file, bytes, rps: result.rps, p99: result.p99, productMs: (1000 * productCpu) / result.requests });
        console.log(
          `${staticName}: ${file.what}, ${bytes} bytes: ${Math.round(result.rps)} req/s, ${((1000 * productCpu) / result.requests).toFixed(2)} CPU ms each`,
        );
      }
    }

    const twoProcessScenarios = [
      { name: 'Two processes behind a round-robin proxy: home page query, no cache', request: graphql(HOME) },
      { name: 'Two processes behind a round-robin proxy: course page query', request: graphql(COURSE_PAGE, { id: courseId }, 'CoursePage') },
    ].filter((s) => selected(s.name));
    const invalidationName = 'Public response cache: an edit on one process reaches the other';
    if (twoProcessScenarios.length > 0 || selected(invalidationName)) {
      const uncachedSecond = await start(databaseUrl, 'product-uncached-2', { GRAPHQL_RESPONSE_CACHE: 'false' });
      const cachedSecond = await start(databaseUrl, 'product-cached-2', {});
      const one = await startRoundRobinProxy([uncached.url]);
      const two = await startRoundRobinProxy([uncached.url, uncachedSecond.url]);
      try {
        for (const scenario of twoProcessScenarios) {
          deepStrictEqual(await fetchJson(two.url, scenario.request), await fetchJson(uncached.url, scenario.request), `${scenario.name}: answers differ`);
          // The second copy has just started, the first has served every scenario before: warm the second with a few hundred of these requests.
          await load(uncachedSecond.url, scenario.request, 10, DURATION, 300);
          await load(two.url, scenario.request, 10, 2);
          const { first: both, second: single } = await alternate(
            { url: two.url, request: scenario.request },
            { url: one.url, request: scenario.request },
            DURATION,
          );
          results.twoProcesses.push({ name: scenario.name, both, single });
          console.log(`${scenario.name}: ${Math.round(both.rps)} req/s with two, ${Math.round(single.rps)} with one, p99 ${both.p99} ms`);
        }
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
      if (selected(invalidationName)) {
        const delays = await invalidationDelays({
          editor: cached.url,
          reader: cachedSecond.url,
          db: admin,
          courseId: editedCourseId,
          coursePageQuery: COURSE_PAGE,
        });
        results.invalidation = { name: invalidationName, ...delays };
        console.log(`${invalidationName}: p50 ${delays.p50.toFixed(1)} ms, max ${delays.max.toFixed(1)} ms over ${delays.edits} edits`);
      }
      await Promise.all([stopProcess(uncachedSecond.child), stopProcess(cachedSecond.child)]);
    }

    const purchaseName = 'Buying under load (50 students at once, test card)';
    if (selected(purchaseName))
      await measureBuying().catch((error) => {
        // A broken one-purchase rule fails the run; anything else is reported and the run goes on.
        if (error instanceof OnePurchaseRuleBroken) throw error;
        console.error(error);
        const message = String(error.message ?? error).slice(0, 500);
        results.purchases = results.purchases ? { ...results.purchases, cacheError: message } : { name: purchaseName, error: message };
      });
    async function measureBuying() {
      const payments = await start(databaseUrl, 'product-payments', {}, { mode: 'test-payments' });
      const bought = await buyUnderLoad({ url: payments.url, db: admin, round: 1, around: (work) => measureCpu([payments.child.pid], admin, work) });
      const { productCpu, databaseCpu } = bought.measured;
      results.purchases = {
        name: purchaseName,
        ...bought,
        sql: sqlPerPurchase(payments.logFile),
        cost: { productMs: (1000 * productCpu) / bought.purchases, databaseMs: (1000 * databaseCpu) / bought.purchases },
      };
      console.log(
        `${purchaseName}: ${bought.purchases} purchases in ${bought.seconds.toFixed(1)} s, ${bought.perSecond.toFixed(0)}/s, p99 ${bought.p99.toFixed(0)} ms; one enrollment and one charge each`,
      );
      // Every enrollment sends catalogue_changed (`enrollment:<courseId>`, a trigger on the enrollment table),
      // and every copy's public response cache forgets what shows that course's count of students: how the
      // cached home page query fares on another copy while students buy.
      const homeAtRest = await load(cached.url, graphql(HOME), 10, DURATION);
      const logStart = fs.statSync(cached.logFile).size;
      const { measured: homeWhileBuying } = await buyUnderLoad({
        url: payments.url,
        db: admin,
        round: 3,
        around: async (work) => {
          const buying = work();
          return (await Promise.all([loadUntil(cached.url, graphql(HOME), 10, buying), buying]))[0];
        },
      });
      results.purchases.cache = { atRest: homeAtRest, whileBuying: homeWhileBuying, ...cacheMisses(cached.logFile, logStart) };
      console.log(
        `cached home query while students buy: ${Math.round(homeWhileBuying.rps)} req/s (at rest ${Math.round(homeAtRest.rps)}), p99 ${homeWhileBuying.p99} ms, ${results.purchases.cache.computed} of ${results.purchases.cache.answers} answers computed`,
      );
      await stopProcess(payments.child);
    }

    if (!args.includes('--no-profiles')) {
      for (const scenario of catalogue.filter((s) => selected(s.name))) {
        const { dir, nodeArgs } = profilerFlags(`catalogue-${catalogue.indexOf(scenario)}`);
        const cache = scenario.product === cached ? {} : { GRAPHQL_RESPONSE_CACHE: 'false' };
        const profiled = await start(databaseUrl, 'product-profiled', cache, { nodeArgs });
        await load(profiled.url, scenario.request, 10, 2);
        const window = await timedWindow(() => load(profiled.url, scenario.request, 10, PROFILE_SECONDS));
        await stopProcess(profiled.child);
        results.profiles.push({ name: scenario.name, ...summarizeProfile(dir, window) });
        console.log(`profiled: ${scenario.name}`);
      }
      if (selected(purchaseName) && !results.purchases?.error) {
        const { dir, nodeArgs } = profilerFlags('purchases');
        const profiled = await start(databaseUrl, 'product-payments-profiled', {}, { mode: 'test-payments', nodeArgs });
        try {
          const { measured: window } = await buyUnderLoad({ url: profiled.url, db: admin, round: 2, around: timedWindow });
          await stopProcess(profiled.child);
          results.profiles.push({ name: purchaseName, ...summarizeProfile(dir, window) });
          console.log(`profiled: ${purchaseName}`);
        } catch (error) {
          if (error instanceof OnePurchaseRuleBroken) throw error;
          console.error(`no profile of buying: ${error.message}`);
        }
      }
    }

    const partial = ONLY !== '' || args.includes('--no-record');
    writeResults({
      results,
      catalogue: rows[0],
      database: database.label,
      embedded: !DATABASE_URL,
      duration: DURATION,
      steps: STEPS,
      record: !partial,
      loadAverage: { before: loadBefore, after: loadAverage() },
    });
  } finally {
    await admin.end().catch(() => {});
    await Promise.all(processes.map(stopProcess));
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
