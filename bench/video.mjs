// npm run bench:video: lesson video streaming on a slow connection. Starts the built product on a
// fresh database, uploads a generated 30-second 720p lesson (tus, as the course editor does), waits
// for it to be processed, then measures with Debian's Chromium throttled to 1.6 Mbps and 150 ms RTT
// (CDP Network.emulateNetworkConditions): the time to the first frame, the data a minute of each
// rendition costs, and the server's cost per segment request (signature + entitlement check).
// Options: --no-build, --runs N (default 5). Results: printed and written to bench/results/video.md.
/* global Buffer, localStorage, MutationObserver, document, performance */
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { root, startFreshDatabase, startProduct, stopProcess, tmp } from './product.mjs';

const require = createRequire(import.meta.url);
const ffmpeg = require('@ffmpeg-installer/ffmpeg').path;
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5;
const THROTTLE = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8 };
const SEGMENT_REQUESTS = 300;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/** A lesson-like source: moving test picture with grain (so it does not compress to nothing) and a tone. */
function makeSource() {
  const file = path.join(tmp, 'video-bench-source.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=25:duration=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=30',
    '-vf',
    'noise=alls=12:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '3000k',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

async function graphql(url, query, variables, token) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const login = async (url, email, password) =>
  (await graphql(url, 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }', { e: email, p: password })).login.accessToken;

async function tusUpload(url, token, lessonId, file) {
  const bytes = fs.readFileSync(file);
  const meta = (value) => Buffer.from(value).toString('base64');
  const created = await fetch(`${url}/uploads/lesson-videos`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `lessonId ${meta(lessonId)},filename ${meta('lesson.mp4')}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  const done = await fetch(new URL(created.headers.get('location'), url), {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (done.status !== 204) throw new Error(`upload failed: ${done.status} ${await done.text()}`);
}

/** Bytes of a rendition's segments and its length in seconds, from its playlist. */
async function renditionSize(master, name) {
  const base = master.replace('master.m3u8', `${name}/`);
  const playlist = await (await fetch(`${base}index.m3u8`)).text();
  let bytes = 0;
  let seconds = 0;
  const lines = playlist.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const duration = /^#EXTINF:([\d.]+)/.exec(lines[i]);
    if (!duration) continue;
    seconds += Number(duration[1]);
    bytes += (await (await fetch(base + lines[i + 1].trim())).arrayBuffer()).byteLength;
  }
  return { bytes, seconds, mbPerMinute: bytes / 1e6 / (seconds / 60) };
}

/** One cold visit of the lesson page on the throttled link: when the player appeared, and when its first frame was shown. */
async function firstFrame(browser, url, courseId, dataSaver) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Signed in already (the refresh cookie), so the visit measures the lesson, not the sign-in.
  await page.goto(`${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill('student@shikhon.test');
  await page.getByLabel('Password', { exact: true }).fill('Student123!');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((address) => !address.pathname.startsWith('/login'));
  await page.evaluate((saver) => localStorage.setItem('shikhon.video.dataSaver', String(saver)), dataSaver);
  await page.addInitScript(() => {
    const marks = (window.__videoMarks = {});
    new MutationObserver(() => {
      const video = document.querySelector('[data-testid="hls-player"] video');
      if (!video || marks.player) return;
      marks.player = performance.now();
      video.muted = true;
      video.autoplay = true;
      const shown = () => (marks.frame ??= performance.now());
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(shown);
      video.addEventListener('playing', () => (marks.playing ??= performance.now()));
      void video.play().catch(() => undefined);
    }).observe(document, { childList: true, subtree: true });
  });
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  await page.goto(`${url}/myCoursePlay/${courseId}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__videoMarks?.frame !== undefined, undefined, { timeout: 60_000, polling: 50 });
  const marks = await page.evaluate(() => ({ ...window.__videoMarks, quality: document.querySelector('[data-testid="playing-quality"]')?.textContent }));
  await context.close();
  return { pageToFrame: marks.frame, playerToFrame: marks.frame - marks.player, quality: marks.quality };
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npm run build', { cwd: root, stdio: 'inherit' });
  const source = makeSource();
  const database = await startFreshDatabase();
  const dataDir = fs.mkdtempSync(path.join(tmp, 'video-data-'));
  const product = await startProduct(database.url, 'video', { NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const url = product.url;
    const instructor = await login(url, 'instructor@shikhon.test', 'Instructor123!');
    const { createCourse } = await graphql(
      url,
      'mutation ($input: CourseInput!) { createCourse(input: $input) { id lessons { id } } }',
      {
        input: { name: 'Video benchmark', description: 'One uploaded lesson.', price: 0, category: 'PROFESSIONAL', lessons: [{ title: 'Thirty seconds' }] },
      },
      instructor,
    );
    const courseId = createCourse.id;
    const lessonId = createCourse.lessons[0].id;
    await tusUpload(url, instructor, lessonId, source);
    const started = Date.now();
    for (;;) {
      const [row] = (await db.query('SELECT status, error FROM lesson_video WHERE "lessonId" = $1', [lessonId])).rows;
      if (row?.status === 'ready') break;
      if (row?.status === 'failed') throw new Error(`processing failed: ${row.error}`);
      if (Date.now() - started > 15 * 60_000) throw new Error('processing took over 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const processingSeconds = (Date.now() - started) / 1000;
    const [student] = (await db.query(`SELECT id, email FROM "user" WHERE email = 'student@shikhon.test'`)).rows;
    await db.query(
      `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email) SELECT $1, id, name, description, $2 FROM course WHERE id = $3`,
      [student.id, student.email, courseId],
    );
    const token = await login(url, 'student@shikhon.test', 'Student123!');
    const { course } = await graphql(url, 'query ($id: ID!) { course(id: $id) { lessons { streamURL } } }', { id: courseId }, token);
    const master = new URL(course.lessons[0].streamURL, url).toString();

    const sizes = {};
    for (const name of ['240p', '360p', '720p', 'audio']) sizes[name] = await renditionSize(master, name);

    // Server cost per segment request: the signature and entitlement check, as the server times it.
    const segment = master.replace('master.m3u8', '240p/seg_001.ts');
    const auth = [];
    const total = [];
    for (let i = 0; i < SEGMENT_REQUESTS; i++) {
      const begun = performance.now();
      const res = await fetch(segment);
      await res.arrayBuffer();
      total.push(performance.now() - begun);
      auth.push(Number(/auth;dur=([\d.]+)/.exec(res.headers.get('server-timing'))[1]));
    }

    const runs = { saver: [], auto: [] };
    for (let run = 0; run < RUNS; run++) {
      runs.saver.push(await firstFrame(browser, url, courseId, true));
      runs.auto.push(await firstFrame(browser, url, courseId, false));
    }

    const s = (value) => `${(value / 1000).toFixed(2)} s`;
    const row = (label, list) =>
      `| ${label} | ${s(median(list.map((r) => r.playerToFrame)))} | ${list.map((r) => s(r.playerToFrame)).join(', ')} | ${s(median(list.map((r) => r.pageToFrame)))} | ${[...new Set(list.map((r) => r.quality))].join(', ')} |`;
    const report = [
      '# Lesson video on a slow connection',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:video\` on this project's 2 shared cores: the built product, a generated 30-second`,
      '1280x720 source with a tone (a moving test picture with grain, so it does not compress to nothing), uploaded through tus and',
      `processed by the in-process worker in ${processingSeconds.toFixed(0)} s. Chromium (Debian's, headless, phone-sized window, cache off)`,
      'throttled with CDP `Network.emulateNetworkConditions` to 1.6 Mbps down and up, 150 ms latency.',
      '',
      `## Time to the first frame (goal: 2 s), ${RUNS} cold visits each`,
      '',
      "From the moment the lesson player is on the page (the lesson page's own scripts already arrived) to the first frame shown",
      '(`requestVideoFrameCallback`): the rest of hls.js, the master and rendition playlists and the first segment. hls.js starts',
      "arriving together with the player's own code and the two playlists while hls.js arrives, so part of that falls before this",
      'moment; the player starts on the lowest rung with no bandwidth-test download. The last column but one is the whole visit:',
      'from opening the lesson address, the page and its scripts included, over the same link.',
      '',
      '| mode | median | runs | whole visit, median | quality played first |',
      '|---|---|---|---|---|',
      row('Data saver on (240p)', runs.saver),
      row('Automatic', runs.auto),
      '',
      '## Data per minute of lesson',
      '',
      '| rendition | MB per minute | bytes for the 30 s |',
      '|---|---|---|',
      ...Object.entries(sizes).map(
        ([name, size]) => `| ${name === 'audio' ? 'audio only' : name} | ${size.mbPerMinute.toFixed(2)} | ${size.bytes.toLocaleString('en')} |`,
      ),
      '',
      '## Cost of a segment request on the server',
      '',
      `${SEGMENT_REQUESTS} requests of one 240p segment, one after another, unthrottled. The check (signature, expiry, then the entitlement`,
      "in the database: the video still the lesson's, the account, its enrollment) as timed by the server (`Server-Timing: auth`):",
      `median ${median(auth).toFixed(3)} ms, p95 ${percentile(auth, 0.95).toFixed(3)} ms. Whole request seen by the client: median ${median(total).toFixed(2)} ms, p95 ${percentile(total, 0.95).toFixed(2)} ms.`,
      '',
    ].join('\n');
    console.log(report);
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'video.md'), report);
  } finally {
    await db.end();
    await browser.close();
    await stopProcess(product.child);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
