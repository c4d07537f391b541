// Two copies of the product on one database: a small round-robin proxy in front of them (node:http,
// loopback only), and how long after an instructor's edit on one copy the other stops serving the
// old answer from its public response cache.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fetchJson, graphql, percentile } from './load.mjs';
import { root } from './product.mjs';
import { passwordHash, SIGN_IN } from './purchases.mjs';

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
const INSTRUCTOR = read('client/src/features/instructor/api/instructor.graphql');

/** A proxy on 127.0.0.1 sending each request to the next of `upstreams` in turn, over kept-alive connections. */
export function startRoundRobinProxy(upstreams) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const targets = upstreams.map((url) => new URL(url));
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = targets[next];
    next = (next + 1) % targets.length;
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (retry) => {
        const upstream = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          // A kept-alive connection the copy closed while idle (its keep-alive timeout) fails on reuse:
          // sent again on a new connection, as Node's documentation advises; anything else is a 502.
          if (retry && upstream.reusedSocket && error.code === 'ECONNRESET') return send(false);
          if (!res.headersSent) res.writeHead(502);
          res.end(String(error));
        });
        upstream.end(body);
      };
      send(true);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/**
 * The instructor of `courseId` edits its description `edits` times on copy `editor`; after each edit's
 * answer, `reader` (which had the old answer cached) is asked again and again until it answers the new
 * description. Answers each delay in ms, measured to the arrival of the first new answer.
 */
export async function invalidationDelays({ editor, reader, db, courseId, coursePageQuery, edits = 10 }) {
  const password = 'bench instructor password';
  // Only a confirmed instructor may edit a course: the generated ones are confirmed here.
  const {
    rows: [instructor],
  } = await db.query(
    `UPDATE "user" SET "passwordHash" = $2, "emailVerifiedAt" = coalesce("emailVerifiedAt", now()) WHERE "id" = (SELECT "instructorId" FROM "course" WHERE "id" = $1) RETURNING "email"`,
    [courseId, await passwordHash(password)],
  );
  const signIn = await fetchJson(editor, graphql(SIGN_IN, { email: instructor.email, password }, 'Login'));
  if (!signIn.data) throw new Error(`the instructor could not sign in: ${JSON.stringify(signIn.errors)}`);
  const auth = { authorization: `Bearer ${signIn.data.login.accessToken}` };
  const coursePage = graphql(coursePageQuery, { id: courseId }, 'CoursePage');
  // The editor sends the whole course, as the instructor's course editor does.
  const managed = await fetchJson(editor, graphql(INSTRUCTOR, { id: courseId }, 'ManagedCourse'), auth);
  if (!managed.data) throw new Error(`the instructor could not open the course: ${JSON.stringify(managed.errors)}`);
  const { name, price, priceBDT, photoURL, category, classLevel, keyPoints, targetedPeoples, whyNeed, lessons } = managed.data.managedCourse;
  const draft = {
    name,
    price,
    photoURL,
    category,
    classLevel,
    keyPoints,
    targetedPeoples,
    whyNeed,
    ...(priceBDT > 0 ? { priceBDT } : {}),
    lessons: lessons.map(({ id, title, videoURL, preview, durationSeconds }) => ({ id, title, videoURL, preview, durationSeconds })),
  };
  const delays = [];
  const notices = [];
  for (let edit = 1; edit <= edits; edit++) {
    const description = `Learn step by step with practice sets and recorded classes (revision ${edit} ${Date.now()}).`;
    // Twice: the first answer may be computed, the second surely comes from the cache.
    await fetchJson(reader, coursePage);
    if ((await fetchJson(reader, coursePage)).data.course.description === description) throw new Error('the new description was there before the edit');
    const saved = await fetchJson(editor, graphql(INSTRUCTOR, { id: courseId, input: { ...draft, description } }, 'UpdateCourse'), auth);
    if (!saved.data) throw new Error(`the edit failed: ${JSON.stringify(saved.errors)}`);
    const edited = performance.now();
    let seen = false;
    let sent = edited;
    for (let attempt = 0; attempt < 2000 && performance.now() - edited < 5000; attempt++) {
      sent = performance.now();
      if ((await fetchJson(reader, coursePage)).data.course.description === description) {
        seen = true;
        break;
      }
    }
    if (!seen) throw new Error(`the other copy still served the old description 5 s after edit ${edit}`);
    delays.push(performance.now() - edited);
    // Asks are one after another, and an old answer comes from the cache: the notice had emptied it by the time the first new answer was asked for.
    notices.push(sent - edited);
  }
  return { edits, p50: percentile(delays, 50), max: Math.max(...delays), noticeP50: percentile(notices, 50), noticeMax: Math.max(...notices) };
}
