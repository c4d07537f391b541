// The catalogue reads the benchmarks measure, each asked of the product and of the baseline
// (bench/baseline-server.mjs), which must answer the same JSON: `npm run bench` and its smoke run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { COURSE_PAGE, HOME, SEARCH } from './client-queries.mjs';
import { fetchJson, graphql } from './load.mjs';
import { BENCH_JWT_SECRET, root, waitForLine } from './product.mjs';

/** The reads, against an uncached and a cached copy of the product; `courseId` is a published course. */
export const catalogueScenarios = ({ uncached, cached, courseId }) => [
  { name: 'Home page query, no cache', product: uncached, request: graphql(HOME), baseline: { path: '/home' } },
  { name: 'Home page query, public response cache', product: cached, request: graphql(HOME), baseline: { path: '/home' } },
  {
    name: 'Course page query',
    product: uncached,
    request: graphql(COURSE_PAGE, { id: courseId }, 'CoursePage'),
    baseline: { path: `/course/${courseId}` },
  },
  {
    name: 'Search, selective ("physics batch 4810", one match)',
    product: uncached,
    request: graphql(SEARCH, { text: 'physics batch 4810' }, 'SearchCourses'),
    baseline: { path: '/search?text=physics%20batch%204810' },
    results: 1,
  },
  {
    name: 'Search, common word ("learn")',
    product: uncached,
    request: graphql(SEARCH, { text: 'learn' }, 'SearchCourses'),
    baseline: { path: '/search?text=learn' },
    results: 20,
  },
  {
    name: 'Search, Bangla class words ("গণিত নবম শ্রেণি")',
    product: uncached,
    request: graphql(SEARCH, { text: 'গণিত নবম শ্রেণি' }, 'SearchCourses'),
    baseline: { path: `/search?text=${encodeURIComponent('গণিত নবম শ্রেণি')}` },
    results: 20,
  },
  { name: 'GET /api/courses/{id}', product: uncached, request: { path: `/api/courses/${courseId}` }, baseline: { path: `/api/courses/${courseId}` } },
];

export async function startBaseline(databaseUrl) {
  const child = spawn(process.execPath, ['bench/baseline-server.mjs'], {
    cwd: root,
    // The product's secret too: the baseline signs free previews' stream addresses with the same key.
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, port] = await waitForLine(child, /"port":(\d+)/);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** SQL statements the product ran for one request, from its request log. */
export async function statementsFor(product, request) {
  const before = fs.readFileSync(product.logFile, 'utf8').split('\n').length;
  await fetchJson(product.url, request);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lines = fs
    .readFileSync(product.logFile, 'utf8')
    .split('\n')
    .slice(before - 1)
    .filter((line) => line.includes('"sql":'));
  return JSON.parse(lines.at(-1)).sql;
}
