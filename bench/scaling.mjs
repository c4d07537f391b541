// The arithmetic behind SCALING.md: from one bench run's CPU time per request (bench/results/runs/*.json),
// the processes, cores and database connections that serve the peak hour before an exam.
// Usage: node bench/scaling.mjs [bench/results/runs/<run>.json] (default: the newest run with measurements).
import fs from 'node:fs';
import path from 'node:path';
import { root } from './product.mjs';

/** The assumptions, stated in SCALING.md; change them there and here together. */
export const ASSUMPTIONS = {
  students: [10_000, 100_000],
  requestsPerStudentPerMinute: 6,
  // Signed-in students: the public response cache answers only anonymous visitors, so every read is computed.
  mix: [
    { share: 0.45, what: 'course page and lesson player', scenarios: ['Course page query'] },
    { share: 0.15, what: 'home and catalogue', scenarios: ['Home page query, no cache'] },
    // Students reading Bangla first search for their class in Bangla as often as for a subject or a word.
    {
      share: 0.15,
      what: 'search',
      scenarios: ['Search, selective ("physics batch 4810", one match)', 'Search, common word ("learn")', 'Search, Bangla class words ("গণিত নবম শ্রেণি")'],
    },
    { share: 0.25, what: 'small reads and writes (progress, My Courses)', scenarios: ['GET /api/courses/{id}'] },
  ],
  buyersShare: 0.05,
  burst: 10,
  utilisation: 0.6,
  connectionsPerProcess: 11, // pool of 10 (server/src/db/data-source.ts) + 1 listening for catalogue_changed
  maxConnections: 100,
};

function newestRun() {
  const dir = path.join(root, 'bench', 'results', 'runs');
  const runs = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  if (runs.length === 0) throw new Error('no run with measurements in bench/results/runs');
  return path.join(dir, runs.at(-1));
}

export function plan(run, a = ASSUMPTIONS) {
  const cost = (name) => {
    const found = run.results.catalogue.find((r) => r.name === name);
    if (!found) throw new Error(`the run has no "${name}"`);
    return found.cost;
  };
  const mixCost = a.mix.map((part) => {
    const costs = part.scenarios.map(cost);
    const mean = (key) => costs.reduce((sum, c) => sum + c[key], 0) / costs.length;
    return { ...part, productMs: mean('productMs'), databaseMs: mean('databaseMs') };
  });
  const perRequest = (key) => mixCost.reduce((sum, part) => sum + part.share * part[key], 0);
  const purchase = run.results.purchases.cost;
  return {
    mixCost,
    perRequest: { productMs: perRequest('productMs'), databaseMs: perRequest('databaseMs') },
    rows: a.students.map((students) => {
      const rps = (students * a.requestsPerStudentPerMinute) / 60;
      const purchasesPerSecond = ((students * a.buyersShare) / 3600) * a.burst;
      const productCores = (rps * perRequest('productMs') + purchasesPerSecond * purchase.productMs) / 1000;
      const databaseCores = (rps * perRequest('databaseMs') + purchasesPerSecond * purchase.databaseMs) / 1000;
      const processes = Math.ceil(productCores / a.utilisation);
      return {
        students,
        rps,
        purchasesPerSecond,
        productCores,
        processes,
        databaseCores,
        databaseCoresNeeded: Math.ceil(databaseCores / a.utilisation),
        connections: processes * a.connectionsPerProcess,
        processesBeforeConnectionsRunOut: Math.floor(a.maxConnections / a.connectionsPerProcess),
      };
    }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2] ?? newestRun();
  const run = JSON.parse(fs.readFileSync(file, 'utf8'));
  const result = plan(run);
  const f = (n, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  console.log(`From ${path.relative(root, file)} (${run.database}, ${run.catalogue.courses} courses, load average ${run.loadAverage.before})\n`);
  console.log('| Scenario | Product CPU ms | PostgreSQL CPU ms | Requests per product core-second | per PostgreSQL core-second |\n|---|---|---|---|---|');
  for (const r of run.results.catalogue)
    console.log(
      `| ${r.name} | ${f(r.cost.productMs, 2)} | ${f(r.cost.databaseMs, 2)} | ${f(1000 / r.cost.productMs, 0)} | ${r.cost.databaseMs > 0.01 ? f(1000 / r.cost.databaseMs, 0) : 'n/a (no SQL)'} |`,
    );
  const p = run.results.purchases;
  console.log(
    `| ${p.name} (per purchase) | ${f(p.cost.productMs, 2)} | ${f(p.cost.databaseMs, 2)} | ${f(1000 / p.cost.productMs, 0)} | ${f(1000 / p.cost.databaseMs, 0)} |`,
  );
  console.log(`\nMix: ${result.mixCost.map((m) => `${Math.round(m.share * 100)}% ${m.what} (${f(m.productMs, 2)} + ${f(m.databaseMs, 2)} ms)`).join('; ')}`);
  console.log(`Per request of the mix: ${f(result.perRequest.productMs, 2)} ms product, ${f(result.perRequest.databaseMs, 2)} ms PostgreSQL\n`);
  console.log(
    '| Concurrent students | Requests/s | Purchases/s (burst) | Product cores busy | Server processes | PostgreSQL cores busy | PostgreSQL cores | Connections without a pooler |\n|---|---|---|---|---|---|---|---|',
  );
  for (const r of result.rows)
    console.log(
      `| ${f(r.students, 0)} | ${f(r.rps, 0)} | ${f(r.purchasesPerSecond)} | ${f(r.productCores)} | ${r.processes} | ${f(r.databaseCores)} | ${r.databaseCoresNeeded} | ${f(r.connections, 0)} (max_connections ${ASSUMPTIONS.maxConnections}: ${r.processesBeforeConnectionsRunOut} processes) |`,
    );
}
