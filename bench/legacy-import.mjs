// `node bench/legacy-import.mjs [courses]`: writes a mongoexport of 50,000 courses (one document a line,
// Extended JSON, three lessons each, 500 instructors), imports it into a fresh embedded database with
// `npm run import:legacy`, then imports it again (nothing should change), and reports time and memory.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 50_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-legacy-bench-'));
const exportDir = path.join(work, 'export');
fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as another user when started as root
fs.mkdirSync(exportDir);

const file = path.join(exportDir, 'courses.json');
const out = fs.createWriteStream(file);
for (let i = 1; i <= count; i++) {
  const doc = {
    _id: { $oid: i.toString(16).padStart(24, '0') },
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    name: `Course ${i}: ${['Physics', 'Web Development', 'Spoken English', 'Accounting'][i % 4]}`,
    price: i % 10 === 0 ? 0 : { $numberInt: String(5 + (i % 40)) },
    instructor: `Instructor ${i % 500}`,
    instructorEmail: `instructor-${i % 500}@old.example.com`,
    photoURL: 'https://i.ibb.co/course.jpg',
    description: 'Learn step by step with practice sets, quizzes and recorded classes in Bangla and English. '.repeat(3),
    targetedPeoples: 'Students and working people',
    whyNeed: 'To learn a useful skill',
    keyPoints: ['Clear lessons', 'Practice sets', 'Certificate'],
    ratings: '4.5 ratings out of 5',
    section: i % 3 === 0 ? `Class ${1 + (i % 12)}` : 'Professional Skill',
    videos: { contents: [1, 2, 3].map((n) => ({ title: `Lesson ${n}`, videoURL: `https://www.youtube.com/embed/v${i}-${n}` })) },
    createdAt: { $date: new Date(Date.UTC(2022, 0, 1) + i * 60_000).toISOString() },
  };
  if (!out.write(JSON.stringify(doc) + '\n')) await new Promise((resolve) => out.once('drain', resolve));
}
await new Promise((resolve) => out.end(resolve));
const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
console.log(`export: ${count} courses, ${megabytes} MB`);

const env = { ...process.env, DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn', INIT_CWD: root };
const importOnce = (label) => {
  const started = Date.now();
  const output = execFileSync('npm', ['run', '--silent', 'import:legacy', '--', exportDir], { cwd: root, env, encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const lines = output.split('\n').filter((line) => line && !line.includes('nodedir'));
  console.log(`${label} (${seconds} s with start-up):\n  ${lines.join('\n  ')}`);
  return { seconds, lines };
};
const first = importOnce('first import');
const second = importOnce('second import');
fs.rmSync(work, { recursive: true, force: true });

const report = `# Legacy import of ${count} courses

Measured with \`node bench/legacy-import.mjs\` on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} cores, shared).
The export is one document a line, ${megabytes} MB, with three lessons per course and 500 instructors.
Both runs go into a fresh embedded PostgreSQL; "peak memory" is the import process's maximum resident size.

First import (${first.seconds} s including npm, ts-node and PostgreSQL start-up):

${first.lines.map((line) => `    ${line}`).join('\n')}

Second import of the same files (nothing changes):

${second.lines.map((line) => `    ${line}`).join('\n')}
`;
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'legacy-import.md'), report);
console.log('written to bench/results/legacy-import.md');
