// npm run bench:rush: the cached, server-rendered home page through a rush of enrollments. On the
// demo catalogue, a production copy of the built product is restarted a few times and its first home
// pages are timed (a visitor arriving as soon as it serves); then anonymous visitors keep asking it for
// the home page (in English, in Bangla by the language cookie and by the `?lang=bn` link) while 100
// students sign in and enroll within a minute through a second copy on the same database (buying
// paid courses with the test card 4242 4242 4242 4242, so that copy runs the offline test-mode
// provider, as in purchases.mjs; free courses without a card). Every enrollment sends its course's
// change notice to both copies; the visitors' answers say whether they came from the public response
// cache (`x-response-cache: hit`), were rendered for the visit (`miss`), or were the plain page (no
// header: the server did not render).
// With --new-students, the students have no account before: each signs up during the rush, then
// enrolls (results in bench/results/home-cache-rush-new-students.md).
// Options: --no-build, --enrollments N (100), --seconds S (60), --visits-per-second R (5), --new-students,
// --restarts N (3), --no-record (print only), --wait-seconds N and --allow-busy (machine-load.mjs:
// the run waits for a quiet machine before it starts, before each restart and before the visitors).
// Results: bench/results/home-cache-rush.md.
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { fetchJson, graphql, percentile } from './load.mjs';
import { loadNote, quietMachine } from './machine-load.mjs';
import { root, seedDemo, startFreshDatabase, startProduct, stopProcess } from './product.mjs';
import { addressOf, cardPaymentMethod, CHECKOUT, PASSWORD, passwordHash, signIn, SIGN_IN } from './purchases.mjs';

const args = process.argv.slice(2);
const valueOf = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const ENROLLMENTS = valueOf('enrollments', 100);
const SECONDS = valueOf('seconds', 60);
const VISITS_PER_SECOND = valueOf('visits-per-second', 5);
const RESTARTS = valueOf('restarts', 3);
const NEW_STUDENTS = args.includes('--new-students');
const RESULTS = NEW_STUDENTS ? 'home-cache-rush-new-students.md' : 'home-cache-rush.md';
const AT_REST_SECONDS = 10;
const FIRST_PAGE_TARGET_MS = 1000;
/** The students' addresses: 10.9.x.y (purchases.mjs uses rounds 1 to 3). */
const ROUND = 9;

/** The home page as anonymous visitors ask for it. */
const VISITORS = [
  { name: 'English', path: '/', headers: {} },
  { name: 'Bangla, by the language cookie', path: '/', headers: { cookie: 'lang=bn' } },
  { name: 'Bangla, by the `?lang=bn` link', path: '/?lang=bn', headers: {} },
];
const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** One visit, its whole answer read: how long it took and where it came from (`hit`, `miss`, or `plain` without the header). */
async function visit(url, visitor) {
  const started = performance.now();
  const res = await fetch(url + visitor.path, { headers: { ...BROWSER, ...visitor.headers }, signal: globalThis.AbortSignal.timeout(30_000) });
  const html = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${visitor.path} answered ${res.status}`);
  return { visitor: visitor.name, ms, cache: res.headers.get('x-response-cache') ?? 'plain', html };
}

/** A copy of the product started on the database, and its first home pages, English and Bangla, asked the moment it says it serves. */
async function restart(databaseUrl, name) {
  const spawned = performance.now();
  const product = await startProduct(databaseUrl, name);
  const serving = performance.now() - spawned;
  const [english, bangla] = await Promise.all([visit(product.url, VISITORS[0]), visit(product.url, VISITORS[1])]);
  return { product, serving, english, bangla };
}

/** A new student's account, made as the sign-up page makes it; answers the student's token. */
async function signUp(url, student) {
  const input = { name: student.name, email: student.email, password: PASSWORD, phone: '+880 1712-345678', date: '2008-01-01', role: 'STUDENT' };
  const answer = await fetchJson(url, graphql(SIGN_IN, { input }, 'SignUp'), { 'x-forwarded-for': student.address });
  if (!answer.data) throw new Error(`sign-up of ${student.email} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.signUp.accessToken;
}

/** A student's enrollment as the site makes it: sign in (or up), then (for a paid course) the card, then the purchase. */
async function enroll(url, student) {
  const token = await (NEW_STUDENTS ? signUp(url, student) : signIn(url, student.email, student.address));
  const input = { courseId: student.course.id, idempotencyKey: crypto.randomUUID() };
  if (!student.course.free) {
    input.paymentMethod = await cardPaymentMethod(url, student.address);
    input.billingDetails = {
      name: student.name,
      email: student.email,
      address: { line1: 'House 12, Road 5', city: 'Dhaka', postalCode: '1209', country: 'BD' },
    };
  }
  const answer = await fetchJson(url, graphql(CHECKOUT, { input }, 'PurchaseCourse'), {
    authorization: `Bearer ${token}`,
    'x-forwarded-for': student.address,
  });
  if (answer.data?.purchaseCourse?.status !== 'SUCCEEDED') throw new Error(`${student.email} could not enroll: ${JSON.stringify(answer)}`);
}

/**
 * Visitors ask for the home page every 1/VISITS_PER_SECOND s, in turn from each kind of visitor, each
 * visit sent on time whether or not the ones before were answered, for `seconds`, and on until every
 * enrollment of `students` is through; the students enroll one after another, evenly spread over the
 * `seconds`. Answers the visits and the enrollments' times.
 */
async function visitorsWhile(url, { seconds, paymentsUrl = null, students = [] }) {
  const started = performance.now();
  const at = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ms - performance.now())));
  const enrollments = [];
  const enrolling = Promise.allSettled(
    students.map(async (student, i) => {
      await at(((i + 0.5) * seconds * 1000) / students.length);
      const begun = performance.now();
      await enroll(paymentsUrl, student);
      enrollments.push({ ms: performance.now() - begun, at: performance.now() - started });
    }),
  );
  let enrolled = students.length === 0;
  void enrolling.then(() => (enrolled = true));
  const visits = [];
  for (let k = 0; k < seconds * VISITS_PER_SECOND || !enrolled; k++) {
    await at((k * 1000) / VISITS_PER_SECOND);
    visits.push(
      visit(url, VISITORS[k % VISITORS.length]).then(
        ({ visitor, ms, cache }) => ({ visitor, ms, cache }),
        (error) => ({ error }),
      ),
    );
  }
  const failed = (await enrolling).filter((outcome) => outcome.status === 'rejected');
  if (failed.length > 0)
    throw new Error(`${failed.length} of ${students.length} enrollments failed; the first: ${failed[0].reason?.stack ?? failed[0].reason}`);
  const answered = await Promise.all(visits);
  const unanswered = answered.filter((answer) => answer.error);
  if (unanswered.length > 0) throw new Error(`${unanswered.length} of ${answered.length} visits failed; the first: ${unanswered[0].error}`);
  return { visits: answered, enrollments, seconds: (performance.now() - started) / 1000 };
}

/** Exactly one enrollment per student, in the course they enrolled in, or the run is not a record of 100 enrollments. */
async function checkEnrollments(db, students) {
  const { rows } = await db.query(
    `SELECT s."id", (SELECT count(*)::int FROM "enrollment" e WHERE e."studentId" = s."id") AS "all",
       (SELECT count(*)::int FROM "enrollment" e WHERE e."studentId" = s."id" AND e."courseId" = s."courseId") AS "course"
     FROM unnest($1::uuid[], $2::uuid[]) AS s("id", "courseId")`,
    [students.map((s) => s.id), students.map((s) => s.course.id)],
  );
  const wrong = rows.filter((row) => row.all !== 1 || row.course !== 1);
  if (wrong.length > 0) throw new Error(`${wrong.length} students without exactly one enrollment in their course: ${JSON.stringify(wrong.slice(0, 5))}`);
}

/** A row of the visits' table: answers, share from the cache, rendered, plain, p50 and p95. */
function summary(name, visits) {
  const count = (cache) => visits.filter((v) => v.cache === cache).length;
  const ms = visits.map((v) => v.ms);
  const hits = count('hit');
  return {
    name,
    answers: visits.length,
    hits,
    hitRate: visits.length === 0 ? 0 : hits / visits.length,
    misses: count('miss'),
    plain: count('plain'),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    hitP50: hits
      ? percentile(
          visits.filter((v) => v.cache === 'hit').map((v) => v.ms),
          50,
        )
      : null,
    otherP50:
      visits.length > hits
        ? percentile(
            visits.filter((v) => v.cache !== 'hit').map((v) => v.ms),
            50,
          )
        : null,
  };
}

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const loads = [await quietMachine('before the run')];
  const loadBefore = os.loadavg().map((value) => value.toFixed(2));
  const database = await startFreshDatabase();
  const admin = new pg.Client({ connectionString: database.url });
  admin.on('error', () => {});
  const processes = [];
  try {
    await seedDemo(database.url);
    await admin.connect();
    // The students exist before the measured copy starts, or (--new-students) sign up during the rush:
    // a new account is counted in the home page's figures.
    const { rows: courses } = await admin.query(
      `SELECT "id", "name", ("price" = 0 AND "priceBDT" = 0) AS "free" FROM "course" WHERE "published" ORDER BY "name", "id"`,
    );
    const { rows: accounts } = NEW_STUDENTS
      ? await admin.query(
          `SELECT NULL AS "id", 'Rush newcomer ' || i AS "name", 'rush-newcomer-' || i || '@shikhon.test' AS "email" FROM generate_series(1, $1::int) AS i ORDER BY i`,
          [ENROLLMENTS],
        )
      : await admin.query(
          `INSERT INTO "user" ("name", "email", "passwordHash", "role", "image")
           SELECT 'Rush student ' || i, 'rush-student-' || i || '@shikhon.test', $1, 'STUDENT', '/media/people/student.svg'
           FROM generate_series(1, $2::int) AS i ORDER BY i RETURNING "id", "name", "email"`,
          [await passwordHash(PASSWORD), ENROLLMENTS],
        );
    // Student i enrolls in the i-th course of the catalogue by name, round and round: every course gets some.
    const students = accounts.map((account, i) => ({ ...account, address: addressOf(ROUND, i), course: courses[i % courses.length] }));
    // The copy that takes the enrollments: the test card exists only outside production. It serves no
    // visitor, so it keeps no public cache; the change notices come from the database's triggers either way.
    const payments = await startProduct(database.url, 'rush-payments', { GRAPHQL_RESPONSE_CACHE: 'false' }, { mode: 'test-payments' });
    processes.push(payments.child);

    const restarts = [];
    let home;
    for (let r = 1; r <= RESTARTS; r++) {
      loads.push(await quietMachine(`start ${r}`));
      const started = await restart(database.url, `rush-home-${r}`);
      processes.push(started.product.child);
      restarts.push({ ...started, load: loads.at(-1).load });
      console.log(
        `start ${r}: serving after ${started.serving.toFixed(0)} ms; first home page ${started.english.ms.toFixed(0)} ms (${started.english.cache}), in Bangla ${started.bangla.ms.toFixed(0)} ms (${started.bangla.cache})`,
      );
      if (r < RESTARTS) await stopProcess(started.product.child);
      else home = started.product;
    }

    const shown = new Set(restarts.at(-1).english.html.match(UUID) ?? []);
    const onHome = courses.filter((course) => shown.has(course.id));
    const enrolledOnHome = students.filter((student) => shown.has(student.course.id)).length;

    loads.push(await quietMachine('the visitors'));
    const atRest = await visitorsWhile(home.url, { seconds: AT_REST_SECONDS });
    console.log(`at rest: ${summary('', atRest.visits).hits} of ${atRest.visits.length} home pages from the cache`);
    const loadBeforeRush = os.loadavg()[0];
    const rush = await visitorsWhile(home.url, { seconds: SECONDS, paymentsUrl: payments.url, students });
    if (NEW_STUDENTS) {
      const { rows: made } = await admin.query(`SELECT "id", "email" FROM "user" WHERE "email" = ANY($1)`, [students.map((s) => s.email)]);
      const ids = new Map(made.map((row) => [row.email, row.id]));
      for (const student of students) student.id = ids.get(student.email);
    }
    await checkEnrollments(admin, students);
    const loadAfter = os.loadavg()[0];

    const rows = [
      ...VISITORS.map((visitor) =>
        summary(
          visitor.name,
          rush.visits.filter((v) => v.visitor === visitor.name),
        ),
      ),
      summary('All', rush.visits),
    ];
    const rest = summary('All, at rest', atRest.visits);
    const enrollmentMs = rush.enrollments.map((e) => e.ms);
    const report = describe({
      restarts,
      rows,
      rest,
      rush,
      students,
      courses,
      onHome,
      enrolledOnHome,
      enrollmentMs,
      loads,
      loadBefore,
      loadBeforeRush,
      loadAfter,
    });
    console.log(`\n${report}`);
    if (!args.includes('--no-record')) {
      fs.writeFileSync(path.join(root, 'bench', 'results', RESULTS), report);
      console.log(`written to bench/results/${RESULTS}`);
    }
  } finally {
    await admin.end().catch(() => {});
    await Promise.all(processes.map(stopProcess));
    await database.stop();
  }
}

function describe({ restarts, rows, rest, rush, students, courses, onHome, enrolledOnHome, enrollmentMs, loads, loadBefore, loadBeforeRush, loadAfter }) {
  const ms = (value) => (value === null ? '-' : `${value.toFixed(0)} ms`);
  const share = (value) => `${(100 * value).toFixed(1)}%`;
  const firstPages = restarts.flatMap((r) => [r.english.ms, r.bangla.ms]);
  const all = rows.at(-1);
  const paid = students.filter((s) => !s.course.free).length;
  return `# The cached home page through a rush of ${NEW_STUDENTS ? 'sign-ups and ' : ''}enrollments

Recorded by \`npm run bench:rush\` (bench/home-cache-rush.mjs) on ${new Date().toISOString().slice(0, 10)}, on the demo
catalogue (${courses.length} published courses) and the built product in production, its PostgreSQL embedded,
${os.cpus().length} cores shared with the visitors and students the bench plays.

Load average before the run (1, 5, 15 min): ${loadBefore.join(', ')}. ${loadNote(loads)}
Load when the enrollments began: ${loadBeforeRush.toFixed(2)}; after them: ${loadAfter.toFixed(2)} (the visitors and students run on this machine).

## The first home page after a restart

A copy of the product starts on the database and, the moment it logs that it serves, two visitors ask for
its home page, one in English and one in Bangla (the language cookie). The server draws both when it
starts listening (the warm-up), so they are answered by that drawing or from the cache.

| start | serving after | English \`/\` | Bangla \`/\` |
|---|---|---|---|
${restarts.map((r, i) => `| ${i + 1} (load ${r.load.toFixed(2)}) | ${ms(r.serving)} | ${ms(r.english.ms)} (${r.english.cache}) | ${ms(r.bangla.ms)} (${r.bangla.cache}) |`).join('\n')}

Target: the first home page within ${FIRST_PAGE_TARGET_MS} ms: ${firstPages.every((value) => value <= FIRST_PAGE_TARGET_MS) ? 'met' : 'NOT met'} (slowest ${ms(Math.max(...firstPages))}).

## ${students.length} enrollments in ${SECONDS} s

${students.length} students (${NEW_STUDENTS ? 'new: each signs up first' : 'existing accounts'}, each from an address of its own) sign ${NEW_STUDENTS ? 'up' : 'in'} and enroll one after another,
evenly spread over ${SECONDS} s, through a second copy of the product on the same database (${paid} paid courses
bought with the test card, ${students.length - paid} free ones), student i in the i-th course by name: every published
course gets some. The home page shows ${onHome.length} of the ${courses.length} courses; ${enrolledOnHome} of the
${students.length} enrollments were in one of them. Sign-${NEW_STUDENTS ? 'up' : 'in'} and enrollment took ${ms(percentile(enrollmentMs, 50))} at the
median, ${ms(percentile(enrollmentMs, 95))} at p95; checked in SQL afterwards: each student has exactly one
enrollment, in their course.

Meanwhile anonymous visitors ask the measured copy for the home page ${VISITS_PER_SECOND} times a second, in turn
English, Bangla by the language cookie and Bangla by the \`?lang=bn\` link, each visit sent on time whether or not
the earlier ones were answered, until the ${SECONDS} s are over and the last enrollment is through
(${rush.seconds.toFixed(1)} s). "From the cache" counts answers with \`x-response-cache: hit\`; "rendered" those
with \`miss\` (drawn for that visit, or by another visit at the same moment); "plain page" those the server did not
render (no header: the browser draws the page). Times are the whole answer, Brotli, read by the bench.

| visitors | answers | from the cache | rendered | plain page | p50 | p95 | p50 from the cache | p50 otherwise |
|---|---|---|---|---|---|---|---|---|
${[...rows, rest].map((r) => `| ${r.name} | ${r.answers} | ${r.hits} (${share(r.hitRate)}) | ${r.misses} | ${r.plain} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.hitP50)} | ${ms(r.otherP50)} |`).join('\n')}

Hit rate of the home page during the enrollments: **${share(all.hitRate)}** (${all.hits} of ${all.answers} answers).
The last row is the same visitors for ${AT_REST_SECONDS} s just before, with no enrollment.
`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
