// npm run bench: builds, starts the product against a fresh PostgreSQL holding a generated catalogue,
// and measures its catalogue reads against a minimal node:http + pg server doing the same SQL.
// Options: --no-build, --courses N (default 100000), --duration S (default 8), --only TEXT (scenarios whose name holds TEXT).
import { spawn, execSync } from 'node:child_process';
import { deepStrictEqual } from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateCatalogue } from './generate-catalogue.mjs';
import { root, startFreshDatabase, startProduct, stopProcess, waitForLine } from './product.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const COURSES = option('courses', 100_000);
const DURATION = option('duration', 8);
const STEPS = [1, 2, 4, 8, 16, 32, 64];

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const HOME = read('client/src/features/catalog/api/home-page.graphql') + read('client/src/components/course-card.graphql') + read('client/src/components/review-card.graphql');
const COURSE_PAGE = read('client/src/features/course/api/course-page.graphql');
const SEARCH = read('client/src/features/search/api/search-courses.graphql') + read('client/src/components/course-card.graphql');

async function startBaseline(databaseUrl) {
  const child = spawn(process.execPath, ['bench/baseline-server.mjs'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  const [, port] = await waitForLine(child, /"port":(\d+)/);
  return { child, url: `http://127.0.0.1:${port}` };
}

const graphql = (query, variables, operationName) => ({
  path: '/graphql',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query, variables, operationName }),
});

async function fetchJson(base, request) {
  const res = await fetch(base + request.path, { method: request.method ?? 'GET', headers: request.headers, body: request.body });
  if (res.status !== 200) throw new Error(`${request.path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

function load(base, request, connections, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base + request.path, method: request.method ?? 'GET', headers: request.headers, body: request.body, connections, duration }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) return reject(new Error(`${request.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      resolve({ connections, rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 });
    });
  });
}

/** Product and baseline at 10 connections, in alternating halves so a slow spell of the machine hits both. */
async function alternate(productUrl, productRequest, baselineUrl, baselineRequest) {
  const halves = { product: [], baseline: [] };
  for (let round = 0; round < 2; round++) {
    halves.product.push(await load(productUrl, productRequest, 10, DURATION / 2));
    halves.baseline.push(await load(baselineUrl, baselineRequest, 10, DURATION / 2));
  }
  const merge = ([a, b]) => ({
    connections: 10,
    rps: (a.rps + b.rps) / 2,
    p50: Math.max(a.p50, b.p50),
    p97_5: Math.max(a.p97_5, b.p97_5),
    p99: Math.max(a.p99, b.p99),
  });
  return { product: merge(halves.product), baseline: merge(halves.baseline) };
}

/** The highest load before p99 more than doubles from one connection, or the last step if it never does. */
async function knee(base, request) {
  const points = [];
  for (const connections of STEPS) {
    points.push(await load(base, request, connections, Math.max(3, Math.round(DURATION / 2))));
    if (points.at(-1).p99 > 2 * Math.max(points[0].p99, 1)) break;
  }
  return points.length > 1 && points.at(-1).p99 > 2 * Math.max(points[0].p99, 1) ? points.at(-2) : points.at(-1);
}

/** SQL statements the product ran for one request, from its request log. */
async function statementsFor(product, request) {
  const before = fs.readFileSync(product.logFile, 'utf8').split('\n').length;
  await fetchJson(product.url, request);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lines = fs.readFileSync(product.logFile, 'utf8').split('\n').slice(before - 1).filter((line) => line.includes('"sql":'));
  return JSON.parse(lines.at(-1)).sql;
}

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  console.log(`starting PostgreSQL and generating ${COURSES} courses...`);
  const database = await startFreshDatabase();
  const databaseUrl = database.url;
  const processes = [];
  try {
    // The first start applies the migrations and the demo catalogue; the generated one joins it.
    const uncached = await startProduct(databaseUrl, 'product-uncached', { GRAPHQL_RESPONSE_CACHE: 'false' });
    processes.push(uncached.child);
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {}); // the catalogue's connection may outlive a failed run
    await client.connect();
    const started = Date.now();
    await generateCatalogue(client, { courses: COURSES, instructors: Math.max(10, Math.round(COURSES / 100)) });
    const { rows } = await client.query(`SELECT count(*)::int AS courses, (SELECT count(*)::int FROM lesson) AS lessons, (SELECT count(*)::int FROM review) AS reviews FROM course`);
    const [{ id: courseId }] = (await client.query(`SELECT id FROM course WHERE published ORDER BY "createdAt" LIMIT 1 OFFSET $1`, [Math.floor(COURSES / 2)])).rows;
    await client.end();
    console.log(`catalogue: ${JSON.stringify(rows[0])} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const cached = await startProduct(databaseUrl, 'product-cached', {});
    const baseline = await startBaseline(databaseUrl);
    processes.push(cached.child, baseline.child);

    const scenarios = [
      { name: 'Home page query, no cache', product: uncached, request: graphql(HOME), baseline: { path: '/home' } },
      { name: 'Home page query, public response cache', product: cached, request: graphql(HOME), baseline: { path: '/home' } },
      { name: 'Course page query', product: uncached, request: graphql(COURSE_PAGE, { id: courseId }), baseline: { path: `/course/${courseId}` } },
      { name: 'Search, selective ("physics batch 4810", one match)', product: uncached, request: graphql(SEARCH, { text: 'physics batch 4810' }, 'SearchCourses'), baseline: { path: '/search?text=physics%20batch%204810' }, results: 1 },
      { name: 'Search, common word ("learn")', product: uncached, request: graphql(SEARCH, { text: 'learn' }, 'SearchCourses'), baseline: { path: '/search?text=learn' }, results: 20 },
      {
        name: 'Search, Bangla class words ("গণিত নবম শ্রেণি")',
        product: uncached,
        request: graphql(SEARCH, { text: 'গণিত নবম শ্রেণি' }, 'SearchCourses'),
        baseline: { path: `/search?text=${encodeURIComponent('গণিত নবম শ্রেণি')}` },
        results: 20,
      },
      { name: 'GET /api/courses/{id}', product: uncached, request: { path: `/api/courses/${courseId}` }, baseline: { path: `/api/courses/${courseId}` } },
    ];

    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
    const results = [];
    for (const scenario of scenarios.filter((s) => s.name.includes(only))) {
      // Same answer from both, or the comparison means nothing.
      const answer = await fetchJson(scenario.product.url, scenario.request);
      deepStrictEqual(answer, await fetchJson(baseline.url, scenario.baseline), `${scenario.name}: answers differ`);
      if (scenario.results !== undefined) deepStrictEqual(answer.data.searchCourses.length, scenario.results, `${scenario.name}: unexpected number of courses`);
      const sql = await statementsFor(scenario.product, scenario.request);
      await load(scenario.product.url, scenario.request, 10, 2); // warm-up
      await load(baseline.url, scenario.baseline, 10, 2);
      const at10 = await alternate(scenario.product.url, scenario.request, baseline.url, scenario.baseline);
      const atKnee = { product: await knee(scenario.product.url, scenario.request), baseline: await knee(baseline.url, scenario.baseline) };
      results.push({ ...scenario, sql, at10, atKnee });
      console.log(`${scenario.name}: ${Math.round(at10.product.rps)} req/s vs baseline ${Math.round(at10.baseline.rps)}, p99 ${at10.product.p99} ms, ${sql} SQL`);
    }
    if (only) console.log('--only: a partial run, bench/results/latest.md left as it was');
    else writeReport(results, rows[0]);
  } finally {
    await Promise.all(processes.map(stopProcess));
    await database.stop();
  }
}

function writeReport(results, catalogue) {
  const pct = (a, b) => (b > 0 ? `${Math.round((100 * a) / b)}%` : "n/a");
  const row = (r) =>
    `| ${r.name} | ${Math.round(r.at10.product.rps)} | ${Math.round(r.at10.baseline.rps)} | **${pct(r.at10.product.rps, r.at10.baseline.rps)}** | ${r.at10.product.p50} / ${r.at10.product.p97_5} / ${r.at10.product.p99} | ${r.at10.baseline.p50} / ${r.at10.baseline.p99} | ${r.atKnee.product.connections}: ${Math.round(r.atKnee.product.rps)} req/s, p99 ${r.atKnee.product.p99} | ${r.atKnee.baseline.connections}: ${Math.round(r.atKnee.baseline.rps)} req/s, p99 ${r.atKnee.baseline.p99} | ${pct(r.atKnee.product.rps, r.atKnee.baseline.rps)} | ${r.sql} |`;
  const home = results[0];
  const homeCached = results[1];
  const searches = results.filter((r) => r.name.startsWith('Search'));
  const check = (ok) => (ok ? 'met' : 'NOT met');
  const report = `# Benchmark results

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
Catalogue: ${catalogue.courses} courses, ${catalogue.lessons} lessons, ${catalogue.reviews} reviews, on the embedded PostgreSQL.
The product, the baseline (\`bench/baseline-server.mjs\`: node:http + pg, the same SQL, the same JSON, checked equal before
measuring) and autocannon share the machine, so ratios are the figures to read; absolute numbers are noisy.

Command: \`npm run bench\` (options: \`--no-build\`, \`--courses N\`, \`--duration S\`, \`--only TEXT\`; this run: ${DURATION} s per measurement).

Columns: requests per second at 10 connections for the product and the baseline (each measured in two alternating halves;
latencies are the worse half), their ratio, latency in ms (p50 / p97.5 / p99),
the knee (the highest connection count, of ${STEPS.join(', ')}, before p99 more than doubles from one connection) and the SQL
statements the product ran for one request (from its request log).

| Scenario | Product req/s | Baseline req/s | Ratio | Product p50 / p97.5 / p99 | Baseline p50 / p99 | Product knee | Baseline knee | Ratio at knee | SQL |
|---|---|---|---|---|---|---|---|---|---|
${results.map(row).join('\n')}

## Targets

- Home page query without any cache at least 35% of the baseline: ${pct(home.at10.product.rps, home.at10.baseline.rps)}, ${check(home.at10.product.rps >= 0.35 * home.at10.baseline.rps)}.
- Home page query with the public response cache at least 100% of the baseline: ${pct(homeCached.at10.product.rps, homeCached.at10.baseline.rps)}, ${check(homeCached.at10.product.rps >= home.at10.baseline.rps)}.
- p99 at most 25 ms at 10 connections: ${results.map((r) => `${r.name} ${r.at10.product.p99} ms`).join('; ')}; ${check(results.every((r) => r.at10.product.p99 <= 25))}.
- Search p95 at most 30 ms at ${catalogue.courses} courses (autocannon reports p97.5, an upper bound of p95): ${searches.map((r) => `${r.name} ${r.at10.product.p97_5} ms, ${check(r.at10.product.p97_5 <= 30)}`).join('; ')}.
- SQL statements per request fixed and small: ${results.map((r) => `${r.name} ${r.sql}`).join('; ')}.
`;
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench', 'results', 'latest.md'), report);
  console.log(`\n${report}\nwritten to bench/results/latest.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
