// npm run bench:smoke: the catalogue reads at 10,000 courses, short, for CI. For each read: the
// product's answer equals the baseline's (bench/baseline-server.mjs, its own SQL), the product runs
// exactly the statements bench/budgets.json allows, and PostgreSQL's CPU per request (and the
// product's) stays within the budget there. CPU time per request, unlike requests per second, moves
// little on a busy machine, so CI can hold it; the budgets leave room for that noise and none for a
// statement that reads the whole catalogue. Fails (exit 1) on any difference. Needs a build
// (`npm run build` or `npm run build:e2e`). Options: --courses N, --requests N (per read), --write
// (rewrites the budgets from this run's figures: statements as measured, CPU at three times them).
import { deepStrictEqual } from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { catalogueScenarios, startBaseline, statementsFor } from './catalogue-scenarios.mjs';
import { measureCpu } from './cpu.mjs';
import { generateCatalogue } from './generate-catalogue.mjs';
import { fetchJson, load } from './load.mjs';
import { root, startFreshDatabase, startProduct, stopProcess } from './product.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const COURSES = option('courses', 10_000);
const REQUESTS = option('requests', 600);
const BUDGETS_FILE = path.join(root, 'bench', 'budgets.json');
/** The least CPU a budget allows per request: below it, /proc's 10 ms ticks over a few hundred requests are noise. */
const FLOOR_MS = 0.5;

async function main() {
  const started = Date.now();
  const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8'));
  const database = await startFreshDatabase();
  const processes = [];
  const admin = new pg.Client({ connectionString: database.url });
  admin.on('error', () => {});
  const differences = [];
  const failures = [];
  const measured = {};
  try {
    const uncached = await startProduct(database.url, 'smoke-uncached', { GRAPHQL_RESPONSE_CACHE: 'false' });
    processes.push(uncached.child);
    await admin.connect();
    await generateCatalogue(admin, { courses: COURSES, instructors: Math.max(10, Math.round(COURSES / 100)) });
    const { rows } = await admin.query(`SELECT id FROM course WHERE published ORDER BY "createdAt" LIMIT 1 OFFSET $1`, [Math.floor(COURSES / 2)]);
    const cached = await startProduct(database.url, 'smoke-cached', {});
    processes.push(cached.child);
    const baseline = await startBaseline(database.url);
    processes.push(baseline.child);

    for (const scenario of catalogueScenarios({ uncached, cached, courseId: rows[0].id })) {
      const answer = await fetchJson(scenario.product.url, scenario.request);
      try {
        deepStrictEqual(answer, await fetchJson(baseline.url, scenario.baseline));
      } catch {
        differences.push(`${scenario.name}: the product's answer differs from the baseline's`);
      }
      const statements = await statementsFor(scenario.product, scenario.request);
      await load(scenario.product.url, scenario.request, 4, 1); // warm-up
      const { result, productCpu, databaseCpu } = await measureCpu([scenario.product.child.pid], admin, () =>
        load(scenario.product.url, scenario.request, 4, 60, REQUESTS),
      );
      const figures = { statements, productMs: (1000 * productCpu) / result.requests, databaseMs: (1000 * databaseCpu) / result.requests };
      measured[scenario.name] = figures;
      const budget = budgets.scenarios[scenario.name];
      if (!budget) failures.push(`${scenario.name}: no budget in bench/budgets.json`);
      else {
        if (statements !== budget.statements) failures.push(`${scenario.name}: ${statements} SQL statements a request, the budget says ${budget.statements}`);
        for (const kind of ['databaseMs', 'productMs']) {
          if (figures[kind] > budget[kind])
            failures.push(
              `${scenario.name}: ${figures[kind].toFixed(2)} ms of ${kind === 'databaseMs' ? "PostgreSQL's" : "the product's"} CPU a request, the budget is ${budget[kind]}`,
            );
        }
      }
      console.log(
        `${scenario.name}: ${statements} SQL, PostgreSQL ${figures.databaseMs.toFixed(2)} ms, product ${figures.productMs.toFixed(2)} ms of CPU a request` +
          (budget ? ` (budget ${budget.statements} SQL, ${budget.databaseMs} and ${budget.productMs} ms)` : ''),
      );
    }
  } finally {
    await admin.end().catch(() => {});
    await Promise.all(processes.map(stopProcess));
    await database.stop();
  }
  if (args.includes('--write')) {
    const round = (ms) => Math.max(FLOOR_MS, Math.ceil(ms * 3 * 10) / 10);
    const scenarios = Object.fromEntries(
      Object.entries(measured).map(([name, figures]) => [
        name,
        { statements: figures.statements, databaseMs: round(figures.databaseMs), productMs: round(figures.productMs) },
      ]),
    );
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify({ ...budgets, courses: COURSES, scenarios }, null, 2)}\n`);
    console.log(`budgets written to ${path.relative(root, BUDGETS_FILE)}`);
    failures.length = 0;
  }
  console.log(`smoke bench: ${Object.keys(measured).length} reads at ${COURSES} courses in ${Math.round((Date.now() - started) / 1000)} s`);
  if (differences.length + failures.length > 0) {
    console.error(`\nThe smoke bench failed:\n${[...differences, ...failures].map((failure) => `- ${failure}`).join('\n')}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
