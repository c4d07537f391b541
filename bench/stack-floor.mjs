// npm run bench:floor: how close the fixed stack lets the product come to the baseline. The catalogue
// reads of `npm run bench` are answered by the baseline (node:http + pg), by the same answers through
// Express alone and through Express and Apollo Server (floor-server.mjs), and by the product; each is
// loaded in alternating halves with the baseline, and its CPU per request is read from /proc.
// Writes bench/results/stack-floor.md and a copy in bench/results/runs/. Options: --no-build, --courses N (default 100000), --duration S
// (default 8), --database-url URL (a separate PostgreSQL server), --no-record.
import { spawn, execSync } from 'node:child_process';
import { deepStrictEqual } from 'node:assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COURSE_PAGE, HOME } from './client-queries.mjs';
import { measureCpu } from './cpu.mjs';
import { generateCatalogue } from './generate-catalogue.mjs';
import { alternate, fetchJson, graphql, load } from './load.mjs';
import { BENCH_JWT_SECRET, root, startFreshDatabase, startProduct, stopProcess, waitForLine } from './product.mjs';

const args = process.argv.slice(2);
const valueOf = (name) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const COURSES = Number(valueOf('courses') ?? 100_000);
const DURATION = Number(valueOf('duration') ?? 8);

async function startServer(script, databaseUrl, env = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, port] = await waitForLine(child, /"port":(\d+)/);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** CPU milliseconds per request in one server's process, over a load on that server alone. */
async function cpuPerRequest(server, request, admin, rps) {
  const amount = Math.min(5000, Math.max(50, Math.round((rps * DURATION) / 2)));
  const { result, productCpu } = await measureCpu([server.child.pid], admin, () => load(server.url, request, 10, DURATION, amount));
  return (1000 * productCpu) / result.requests;
}

const percent = (value) => `${Math.round(100 * value)}%`;

async function main() {
  const loadBefore = os.loadavg()[0].toFixed(1);
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const database = await startFreshDatabase(valueOf('database-url'));
  const processes = [];
  const admin = new pg.Client({ connectionString: database.url });
  try {
    const product = await startProduct(database.url, 'product-floor', { GRAPHQL_RESPONSE_CACHE: 'false' });
    processes.push(product.child);
    await admin.connect();
    await generateCatalogue(admin, { courses: COURSES, instructors: Math.max(10, Math.round(COURSES / 100)) });
    const [{ id: courseId }] = (await admin.query(`SELECT id FROM course WHERE published ORDER BY "createdAt" LIMIT 1 OFFSET $1`, [Math.floor(COURSES / 2)]))
      .rows;
    const baseline = await startServer('bench/baseline-server.mjs', database.url);
    const expressFloor = await startServer('bench/floor-server.mjs', database.url, { FLOOR: 'express' });
    const apolloFloor = await startServer('bench/floor-server.mjs', database.url, { FLOOR: 'apollo' });
    processes.push(baseline.child, expressFloor.child, apolloFloor.child);

    const scenarios = [
      { name: 'Home page query, no cache', baseline: { path: '/home' }, graphql: graphql(HOME) },
      { name: 'Course page query', baseline: { path: `/course/${courseId}` }, graphql: graphql(COURSE_PAGE, { id: courseId }, 'CoursePage') },
      { name: 'GET /api/courses/{id}', baseline: { path: `/api/courses/${courseId}` }, rest: true },
    ];
    const rows = [];
    for (const scenario of scenarios) {
      const contenders = [
        { name: 'Express', server: expressFloor, request: scenario.baseline },
        ...(scenario.rest ? [] : [{ name: 'Express + Apollo', server: apolloFloor, request: scenario.graphql }]),
        { name: 'the product', server: product, request: scenario.rest ? scenario.baseline : scenario.graphql },
      ];
      const expected = await fetchJson(baseline.url, scenario.baseline);
      for (const contender of contenders) {
        deepStrictEqual(await fetchJson(contender.server.url, contender.request), expected, `${scenario.name}, ${contender.name}: answers differ`);
        await load(contender.server.url, contender.request, 10, 2); // warm-up
      }
      await load(baseline.url, scenario.baseline, 10, 2);
      const baselineCpu = await cpuPerRequest(baseline, scenario.baseline, admin, 1000);
      for (const contender of contenders) {
        const { first: base, second: measured } = await alternate(
          { url: baseline.url, request: scenario.baseline },
          { url: contender.server.url, request: contender.request },
          DURATION,
        );
        const cpu = await cpuPerRequest(contender.server, contender.request, admin, measured.rps);
        rows.push({
          scenario: scenario.name,
          contender: contender.name,
          ratio: measured.rps / base.rps,
          rps: measured.rps,
          baselineRps: base.rps,
          p99: measured.p99,
          cpu,
          baselineCpu,
        });
        console.log(
          `${scenario.name}, ${contender.name}: ${percent(measured.rps / base.rps)} of the baseline, ${cpu.toFixed(2)} CPU ms against ${baselineCpu.toFixed(2)}`,
        );
      }
    }
    if (!args.includes('--no-record')) write(rows, { loadBefore, loadAfter: os.loadavg()[0].toFixed(1), database: database.label });
  } finally {
    await admin.end().catch(() => {});
    await Promise.all(processes.map(stopProcess));
    await database.stop();
  }
}

function write(rows, { loadBefore, loadAfter, database }) {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    "# The fixed stack's floor",
    '',
    `Written by \`npm run bench:floor\` (bench/stack-floor.mjs), ${when} UTC, ${COURSES} courses, database: ${database},`,
    `${DURATION} s per measurement, machine load (1 min) ${loadBefore} before and ${loadAfter} after, ${os.cpus().length} cores.`,
    '',
    'The same answers (checked equal) from the same SQL, served four ways: the baseline (node:http + pg), Express 5 alone',
    "(`bench/floor-server.mjs`, one route per read, `res.json`), Express with Apollo Server 5 executing the product's schema",
    "with graphql-js's default resolvers over the baseline's objects, and the product. Each is loaded at 10 connections in",
    "alternating halves with the baseline; CPU is the server process's own time per request, from /proc, on a load on it alone.",
    "The frameworks are fixed by the product owner, so what a floor costs over the baseline is out of the product's reach;",
    'what the product costs over its floor is its own.',
    '',
    "| Read | Served by | Share of the baseline's requests/s | req/s (baseline in the same halves) | p99 ms | CPU ms per request (baseline) |",
    '|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.contender} | **${percent(row.ratio)}** | ${Math.round(row.rps)} (${Math.round(row.baselineRps)}) | ${row.p99} | ${row.cpu.toFixed(2)} (${row.baselineCpu.toFixed(2)}) |`,
    ),
    '',
  ];
  fs.writeFileSync(path.join(root, 'bench/results/stack-floor.md'), lines.join('\n'));
  // Each run is kept too, so two runs can be compared.
  fs.writeFileSync(path.join(root, 'bench/results/runs', `${when.replace(' ', 'T').replace(':', '-')}-stack-floor.md`), lines.join('\n'));
}

await main();
