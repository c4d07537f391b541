// npm run bench:exam: the exam-night scenario (exam-night.mjs) on a fresh database and the built
// product, recorded in bench/results/exam-night.md. Waits for a quiet machine (machine-load.mjs).
// Options: --no-build, --students N (default 1000), --minutes M (the test's length, default 3),
// --start-within S (seconds in which every student starts, default 60), --no-record (print only),
// --wait-seconds, --allow-busy (see machine-load.mjs).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { measureCpu } from './cpu.mjs';
import { examNight } from './exam-night.mjs';
import { loadNote, quietMachine } from './machine-load.mjs';
import { root, startFreshDatabase, startProduct, stopProcess } from './product.mjs';

const args = process.argv.slice(2);
const valueOf = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const STUDENTS = valueOf('students', 1000);
const MINUTES = valueOf('minutes', 3);
const START_WITHIN = valueOf('start-within', 60);

async function main() {
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const machine = await quietMachine('exam night');
  const database = await startFreshDatabase(undefined);
  const admin = new pg.Client({ connectionString: database.url });
  admin.on('error', () => {});
  let product;
  try {
    product = await startProduct(database.url, 'exam-night', {}, { mode: 'test-payments' });
    await admin.connect();
    console.log(`${STUDENTS} students, a ${MINUTES}-minute test of 25 questions, everyone starting within ${START_WITHIN} s...`);
    const run = await examNight({
      url: product.url,
      db: admin,
      students: STUDENTS,
      minutes: MINUTES,
      startWithinSeconds: START_WITHIN,
      around: (work) => measureCpu([product.child.pid], admin, work),
    });
    const loadAfter = os.loadavg()[0];
    const report = describe(run, machine, loadAfter);
    console.log(report);
    if (!args.includes('--no-record')) fs.writeFileSync(path.join(root, 'bench', 'results', 'exam-night.md'), report);
  } finally {
    await admin.end().catch(() => {});
    if (product) await stopProcess(product.child);
    await database.stop();
  }
}

function describe(run, machine, loadAfter) {
  const ms = (value) => `${value.toFixed(0)} ms`;
  const perAnswer = (cpu) => `${((1000 * cpu) / (run.answers + 2 * run.students)).toFixed(2)} ms`;
  return `# Exam night (model tests)

Recorded by \`npm run bench:exam\` on ${new Date().toISOString().slice(0, 10)}: ${run.students} students start the same
25-question model test within ${START_WITHIN} s, each saves an answer every 2 to 6 seconds, and all
submit in the last second before the ${MINUTES}-minute deadline; one copy of the built product
(${os.cpus().length} cores shared with the embedded PostgreSQL and the simulated students).

${loadNote([machine])} Load after the run: ${loadAfter.toFixed(1)} (the students themselves run on this machine).

| measure | value |
|---|---|
| answers saved | ${run.answers} in ${run.seconds.toFixed(0)} s, ${run.answersPerSecond.toFixed(0)} a second |
| p99 startAttempt | ${ms(run.p99.startAttempt)} |
| p99 saveAnswer | ${ms(run.p99.saveAnswer)} |
| p99 submitAttempt (everyone within one second) | ${ms(run.p99.submitAttempt)} |
| product CPU | ${run.productCpu.toFixed(1)} s in all, ${perAnswer(run.productCpu)} per call |
| PostgreSQL CPU | ${run.databaseCpu.toFixed(1)} s in all, ${perAnswer(run.databaseCpu)} per call |

Checked in SQL afterwards: every attempt has exactly one result, and every answer a student saw
saved is stored as chosen (the run fails otherwise). "Per call" divides by every saveAnswer,
startAttempt and submitAttempt. SCALING.md turns these into 100,000 students at 8 pm.
`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
