// The bench's written results: each complete run's details in bench/results/runs/, the ratios of the
// last five runs on each database in bench/results/history.json, bench/results/latest.md (the history
// per scenario, then the latest run on each database) and bench/results/profiles.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './product.mjs';

const results = path.join(root, 'bench', 'results');
const historyFile = path.join(results, 'history.json');
const KEEP = 5;
const GENERATED = '<!-- Everything below is written by npm run bench. -->';

const pct = (a, b) => (b > 0 ? `${Math.round((100 * a) / b)}%` : 'n/a');
const ms = (value) => (value < 10 ? value.toFixed(1) : Math.round(value).toString());
const check = (ok) => (ok ? 'met' : 'NOT met');
const perCore = (msPerRequest) => (msPerRequest > 0.01 ? Math.round(1000 / msPerRequest).toLocaleString('en-US') : 'n/a');

function catalogueSection(catalogue, steps) {
  const row = (r) =>
    `| ${r.name} | ${Math.round(r.at10.product.rps)} | ${Math.round(r.at10.baseline.rps)} | **${pct(r.at10.product.rps, r.at10.baseline.rps)}** | ${r.at10.product.p50} / ${r.at10.product.p97_5} / ${r.at10.product.p99} | ${r.at10.baseline.p50} / ${r.at10.baseline.p99} | ${r.atKnee.product.connections}: ${Math.round(r.atKnee.product.rps)} req/s, p99 ${r.atKnee.product.p99} | ${r.atKnee.baseline.connections}: ${Math.round(r.atKnee.baseline.rps)} req/s, p99 ${r.atKnee.baseline.p99} | ${pct(r.atKnee.product.rps, r.atKnee.baseline.rps)} | ${r.sql} | ${ms(r.cost.productMs)} / ${ms(r.cost.databaseMs)} | ${ms(r.baselineCost.productMs)} / ${ms(r.baselineCost.databaseMs)} | ${perCore(r.cost.productMs)} / ${perCore(r.cost.databaseMs)} |`;
  return `### Catalogue reads against the baseline

Columns: requests per second at 10 connections for the product and the baseline (each measured in two alternating halves;
latencies are the worse half), their ratio, latency in ms (p50 / p97.5 / p99), the knee (the highest connection count, of
${steps.join(', ')}, before p99 more than doubles from one connection), the SQL statements the product ran for one request
(from its request log), and the CPU time one request cost in the server's process and in the PostgreSQL backends
(from /proc, over a separate load on the product alone, then on the baseline alone), with the requests one fully used
core serves at the product's cost.

| Scenario | Product req/s | Baseline req/s | Ratio | Product p50 / p97.5 / p99 | Baseline p50 / p99 | Product knee | Baseline knee | Ratio at knee | SQL | CPU ms per request: product / its PostgreSQL | Baseline: CPU ms / its PostgreSQL | Product requests per core-second: product / PostgreSQL |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${catalogue.map(row).join('\n')}
`;
}

function staticSection(files) {
  return `### Static files from the product process

What a CDN would take over: files the product's Express serves today, at 10 connections (one copy, no proxy).

| File | Bytes | Requests/s | MB/s | p99 ms | Product CPU ms per request |
|---|---|---|---|---|---|
${files.map((f) => `| ${f.what} (\`${f.request.path}\`) | ${f.bytes.toLocaleString('en-US')} | ${Math.round(f.rps)} | ${((f.rps * f.bytes) / 1e6).toFixed(1)} | ${f.p99} | ${ms(f.productMs)} |`).join('\n')}
`;
}

function twoProcessSection(twoProcesses, invalidation) {
  const parts = ['### Two processes on one database\n'];
  if (twoProcesses.length > 0) {
    parts.push(`Two copies of the product (no response cache) behind a round-robin proxy written in the bench (node:http, 127.0.0.1),
against one copy behind the same proxy, at 10 connections in alternating halves. Every process (both copies, the proxy,
autocannon, PostgreSQL) shares the same cores, so the ratio says what a second process adds on this machine, not on two.

| Scenario | Two processes req/s | One process req/s | Ratio | Two: p50 / p97.5 / p99 | One: p99 |
|---|---|---|---|---|---|
${twoProcesses.map((r) => `| ${r.name} | ${Math.round(r.both.rps)} | ${Math.round(r.single.rps)} | **${pct(r.both.rps, r.single.rps)}** | ${r.both.p50} / ${r.both.p97_5} / ${r.both.p99} | ${r.single.p99} |`).join('\n')}
`);
  }
  if (invalidation) {
    parts.push(`Public response cache across processes: an instructor edits a course's description on one copy (UpdateCourse);
from that edit's answer, the other copy, which had the course page cached, is asked again and again until it answers the new
description. Over ${invalidation.edits} edits: the new value was served after p50 ${ms(invalidation.p50)} ms, max ${ms(invalidation.max)} ms (target at most
100 ms: ${check(invalidation.max <= 100)}). That includes computing the new answer; the change notice itself had emptied the other copy's
cache by the time the first new answer was asked for: p50 ${ms(invalidation.noticeP50)} ms, max ${ms(invalidation.noticeMax)} ms after the edit's answer.
`);
  }
  return parts.join('\n');
}

function purchaseSection(p, coursePageBaseline) {
  if (p.error) return `### Buying under load\n\nThe scenario stopped before its end: ${p.error}\n`;
  return `### Buying under load

${p.students} students signed in on one copy of the product (NODE_ENV=test with production's GraphQL settings: the offline
test-mode card provider exists only outside production), each with the test card 4242 4242 4242 4242 made into a payment
method as the checkout page does, all buying at once: each student buys ${p.purchases / p.students} of 20 popular courses one after another (PurchaseCourse),
and ${p.racers} of them first send one purchase twice at the same moment (two keys, as from two phones, or one key, as a retry).

- ${p.purchases} purchases (${p.requests} requests) in ${p.seconds.toFixed(1)} s: **${p.perSecond.toFixed(1)} purchases per second**${coursePageBaseline ? ` (${pct(p.perSecond, coursePageBaseline)} of the baseline's course page reads per second in this run)` : ''}.
- Latency of a purchase, retries included: p50 ${ms(p.p50)} ms, p99 ${ms(p.p99)} ms, max ${ms(p.max)} ms.
- Payments that failed ("Payment was not successful"; paid again at once with a new key, as the checkout page does): ${p.failed}${p.failed > 0 ? ': the offline test-mode provider keeps its records in the same database through the same pool, so it too waited more than 2 s for a connection (Stripe would be called over HTTP)' : ''}.
- Purchases refused as "already in progress" and tried again 5 s later (a payment cut short stays pending until it is 120 s old): ${p.pending ?? 0} times.
- Purchase requests answered 503 ("briefly unavailable"; retried after 0.5 s with the same idempotency key): ${p.unavailable}${p.unavailable > 0 ? ", from requests that waited more than 2 s for one of their process's 10 database connections" : ''}.
- SQL statements per purchase (median, from the request log): ${p.sql}.
- CPU per purchase: ${ms(p.cost.productMs)} ms in the product, ${ms(p.cost.databaseMs)} ms in PostgreSQL (${perCore(p.cost.productMs)} / ${perCore(p.cost.databaseMs)} purchases per core-second).
- Checked in SQL afterwards: every student has exactly one enrollment, one successful payment and one successful charge at
  the provider per course bought, and no other (the bench fails loudly otherwise): passed.
${p.cacheError ? `- The second round, measuring the response cache while students buy, stopped before its end: ${p.cacheError}\n` : ''}${
    p.cache
      ? `- The public response cache while students buy: every enrollment sends \`catalogue_changed\` (a trigger on the enrollment
  table), which empties every copy's cache. During a second round of the same buying, another copy's cached home page query at
  10 connections served ${Math.round(p.cache.whileBuying.rps)} req/s (p99 ${p.cache.whileBuying.p99} ms) against ${Math.round(p.cache.atRest.rps)} req/s (p99 ${p.cache.atRest.p99} ms) just before
  (${pct(p.cache.whileBuying.rps, p.cache.atRest.rps)}); ${p.cache.computed} of its ${p.cache.answers} answers were computed afresh (${pct(p.cache.computed, p.cache.answers)}).
`
      : ''
  }`;
}

/** This round's targets (issue: faster on a cheap phone), each a share of the baseline measured in the same run. */
const RATIO_TARGETS = [
  ['Home page query, no cache', 0.45],
  ['Home page query, public response cache', 1],
  ['Course page query', 0.45],
  ['GET /api/courses/{id}', 0.6],
];
const P99_TARGET_MS = 20;

function targetsSection(catalogue, searchCourses) {
  const searches = catalogue.filter((r) => r.name.startsWith('Search'));
  const lines = [];
  for (const [name, share] of RATIO_TARGETS) {
    const row = catalogue.find((r) => r.name === name);
    if (row)
      lines.push(
        `- ${name} at least ${Math.round(share * 100)}% of the baseline: ${pct(row.at10.product.rps, row.at10.baseline.rps)}, ${check(row.at10.product.rps >= share * row.at10.baseline.rps)}.`,
      );
  }
  if (catalogue.length > 0)
    lines.push(
      `- p99 at most ${P99_TARGET_MS} ms at 10 connections, every scenario: ${catalogue.map((r) => `${r.name} ${r.at10.product.p99} ms`).join('; ')}; ${check(catalogue.every((r) => r.at10.product.p99 <= P99_TARGET_MS))}.`,
    );
  if (searches.length > 0)
    lines.push(
      `- Search p95 at most 30 ms at ${searchCourses} courses (autocannon reports p97.5, an upper bound of p95): ${searches.map((r) => `${r.name} ${r.at10.product.p97_5} ms, ${check(r.at10.product.p97_5 <= 30)}`).join('; ')}.`,
    );
  if (catalogue.length > 0) lines.push(`- SQL statements per request fixed and small: ${catalogue.map((r) => `${r.name} ${r.sql}`).join('; ')}.`);
  return lines.length > 0 ? `### Targets\n\n${lines.join('\n')}\n` : '';
}

/** The ratios this run adds to the history, by scenario. */
function ratiosOf({ catalogue, twoProcesses, invalidation, purchases }) {
  const entries = {};
  for (const r of catalogue) entries[r.name] = { ratio: r.at10.product.rps / r.at10.baseline.rps, p99: r.at10.product.p99 };
  for (const r of twoProcesses) entries[r.name] = { ratio: r.both.rps / r.single.rps, p99: r.both.p99 };
  const coursePage = catalogue.find((r) => r.name === 'Course page query');
  if (purchases && !purchases.error)
    entries[purchases.name] = { ratio: coursePage ? purchases.perSecond / coursePage.at10.baseline.rps : null, p99: Math.round(purchases.p99) };
  if (invalidation)
    entries[invalidation.name] = {
      ratio: null,
      p99: null,
      note: `p50 ${ms(invalidation.p50)} ms, max ${ms(invalidation.max)} ms (notice: p50 ${ms(invalidation.noticeP50)}, max ${ms(invalidation.noticeMax)})`,
    };
  return entries;
}

const RATIO_MEANING = {
  'Two processes': 'two processes over one, behind the same proxy',
  'Buying under load': "purchases per second over the baseline's course page reads per second in the same run",
  'Public response cache': 'delay from the edit until the other process serves the new value',
};
const meaningOf = (name) =>
  Object.entries(RATIO_MEANING).find(([prefix]) => name.startsWith(prefix))?.[1] ?? 'product over the baseline, requests per second at 10 connections';

function historySection(history) {
  const names = [...new Set(history.flatMap((run) => Object.keys(run.scenarios)))];
  const runs = [...history].sort((a, b) => a.run.localeCompare(b.run));
  return names
    .map((name) => {
      const rows = runs
        .filter((run) => run.scenarios[name])
        .map((run) => {
          const s = run.scenarios[name];
          return `| ${run.run.replace('T', ' ').slice(0, 16)} | ${run.database} | ${run.courses.toLocaleString('en-US')} | ${run.load ?? 'n/a'} | ${s.note ?? (s.ratio === null ? 'n/a' : `**${Math.round(100 * s.ratio)}%**`)} | ${s.p99 ?? ''} |`;
        });
      return `### ${name}\n\n${meaningOf(name)}\n\n| Run (UTC) | Database | Courses | Machine load (1 min) | Ratio | p99 ms |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`;
    })
    .join('\n');
}

function profilesSection(profiles, label) {
  const table = (rows, what) =>
    `| ${what} | Share of busy samples |\n|---|---|\n${rows.map((r) => `| \`${r.name}\` | ${Math.round(100 * r.share)}% |`).join('\n')}`;
  return `${GENERATED}

## Profiles of the latest run (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${label})

Each scenario's requests at 10 connections for 5 s against a copy of the product started alone with \`node --cpu-prof\`
(sampling every 1 ms); only samples taken during that load count (buying: only the buying, not the sign-ins before it).
"Busy" is every sample but \`(idle)\`. Self time: the time spent in the frame itself, not in what it called. A native
frame or one of Node's own is shown with its nearest caller from a package or the product (after ←), and counts for that
caller's owner in the second table.

${profiles
  .map(
    (p) => `### ${p.name}

${p.samples} samples, ${Math.round(100 * p.busyShare)}% busy.

${table(p.frames, 'Top frames by self time')}

${table(p.owners, 'Self time by owner of the work')}
`,
  )
  .join('\n')}`;
}

export function writeResults({ results: run, catalogue: size, database, embedded, duration, steps, record, loadAverage }) {
  const date = new Date().toISOString();
  const coursePage = run.catalogue.find((r) => r.name === 'Course page query');
  const details = `Measured ${date.slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};
load average ${loadAverage.before} before the run and ${loadAverage.after} after it (the machine is shared).
Database: ${database}. Catalogue: ${size.courses} courses, ${size.lessons} lessons, ${size.reviews} reviews (database ${size.size}).
${duration} s per measurement.

${run.catalogue.length > 0 ? catalogueSection(run.catalogue, steps) : ''}
${run.staticFiles?.length > 0 ? staticSection(run.staticFiles) : ''}
${run.twoProcesses.length > 0 || run.invalidation ? twoProcessSection(run.twoProcesses, run.invalidation) : ''}
${run.purchases ? purchaseSection(run.purchases, coursePage?.at10.baseline.rps) : ''}
${targetsSection(run.catalogue, size.courses)}`;
  console.log(`\n${details}`);
  if (!record) {
    for (const p of run.profiles)
      console.log(
        `profile of ${p.name}: ${p.frames
          .slice(0, 6)
          .map((f) => `${f.name} ${Math.round(100 * f.share)}%`)
          .join('; ')}\n  by owner: ${p.owners
          .slice(0, 6)
          .map((f) => `${f.name} ${Math.round(100 * f.share)}%`)
          .join('; ')}`,
      );
    console.log('a partial run (--only or --no-record): bench/results left as it was');
    return;
  }
  const kind = embedded ? 'embedded' : 'separate server';
  const detailsFile = path.join('runs', `${date.slice(0, 16).replace(':', '-')}-${embedded ? 'embedded' : 'separate-server'}-${size.courses}.md`);
  fs.mkdirSync(path.join(results, 'runs'), { recursive: true });
  fs.writeFileSync(path.join(results, detailsFile), `# Benchmark run\n\n${details}`);
  // The measurements themselves, for SCALING.md's arithmetic and for comparing runs.
  fs.writeFileSync(
    path.join(results, detailsFile.replace(/\.md$/, '.json')),
    `${JSON.stringify({ date, database, catalogue: size, duration, loadAverage, results: run }, null, 1)}\n`,
  );

  const previous = fs.existsSync(historyFile) ? JSON.parse(fs.readFileSync(historyFile, 'utf8')) : [];
  const mine = [
    ...previous.filter((r) => r.database === kind),
    { run: date, database: kind, courses: size.courses, load: loadAverage.before.split(' ')[0], details: detailsFile, scenarios: ratiosOf(run) },
  ].slice(-KEEP);
  const history = [...previous.filter((r) => r.database !== kind), ...mine].sort((a, b) => a.run.localeCompare(b.run));
  fs.writeFileSync(historyFile, `${JSON.stringify(history, null, 2)}\n`);

  const latestOf = (which) => history.filter((r) => r.database === which).at(-1);
  const latestSections = ['embedded', 'separate server']
    .map((which) => latestOf(which))
    .filter(Boolean)
    .map((entry) => {
      const text = fs.readFileSync(path.join(results, entry.details), 'utf8').replace(/^# Benchmark run\n\n/, '');
      return `## Latest run on the ${entry.database === 'embedded' ? 'embedded PostgreSQL' : 'separate PostgreSQL server'} (\`${entry.details}\`)\n\n${text}`;
    });
  const latest = `# Benchmark results

\`npm run bench\` (options: \`--no-build\`, \`--courses N\`, \`--duration S\`, \`--only TEXT\`, \`--database-url URL\`,
\`--no-profiles\`, \`--no-record\`). The product, the baseline (\`bench/baseline-server.mjs\`: node:http + pg, the same SQL,
the same JSON, checked equal before measuring), autocannon and PostgreSQL share one machine, which other people use
too: read the ratios and the CPU time per request; requests per second move with the machine's load.
Each complete run's details stay in \`bench/results/runs/\`; CPU profiles are in \`bench/results/profiles.md\`.

## Ratios of the last runs (up to ${KEEP} on each database)

${historySection(history)}
${latestSections.join('\n')}`;
  fs.writeFileSync(path.join(results, 'latest.md'), latest);
  console.log('written to bench/results/latest.md and', detailsFile);

  if (run.profiles.length > 0) {
    const profilesFile = path.join(results, 'profiles.md');
    const existing = fs.existsSync(profilesFile) ? fs.readFileSync(profilesFile, 'utf8') : '';
    const kept = existing.includes(GENERATED) ? existing.slice(0, existing.indexOf(GENERATED)) : '# CPU profiles\n\n';
    fs.writeFileSync(profilesFile, kept + profilesSection(run.profiles, `${kind}, ${size.courses} courses`));
    console.log('written to bench/results/profiles.md');
  }
}
