import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { Course } from '../modules/course/course.entity';
import { Enrollment } from '../modules/enrollment/enrollment.entity';
import { Review } from '../modules/review/review.entity';
import { startTestApp, type TestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';
import { makeCourse, makeUser } from '../test/factories';
import { renderBundleFile } from './server-rendered-pages';

// The client's real renderer is built by `npm run build` and proven by the browser tests
// (e2e/server-rendering.test.ts). Here a small renderer with the same exports stands in for it, so
// these tests prove the server's side: which answer a page gets, the loopback GraphQL read, the
// cache and the fallback to the plain page.
const RENDERER = `
let renders = 0;
exports.renderCount = () => renders;
// The home page ('/', asked with any query): waits for its gate, if the test set one; notes each drawing.
exports.gates = {};
exports.homeDrawings = [];
const home = async (url, { graphqlUrl, fetch, language }) => {
  renders += 1;
  await exports.gates[url];
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ newest: courses(limit: 5) { items { id name } } catalogueFigures { students } }' }),
  });
  const { data } = await res.json();
  exports.homeDrawings.push(url + ' ' + language);
  const items = data.newest.items.map((c) => '<li data-course="' + c.id + '">' + c.name + '</li>').join('');
  return { html: '<main lang="' + language + '"><p>' + data.catalogueFigures.students + '</p><ul>' + items + '</ul></main>', state: data };
};
exports.renderPage = async (url, { graphqlUrl, fetch = globalThis.fetch, language, form }) => {
  if (url === '/' || url.startsWith('/?')) return home(url, { graphqlUrl, fetch, language });
  // A refused sign-in form, drawn again (http/page-forms.ts): its message and the typed email.
  if (url.startsWith('/login') && form) return { html: '<p role="alert">' + form.error + '</p><i>' + form.values.email + '</i>', state: {} };
  if (url.startsWith('/certificate/')) {
    renders += 1;
    return { html: '<h1>certificate</h1>', state: {} };
  }
  if (url.startsWith('/broken')) throw new Error('the renderer failed');
  if (!url.startsWith('/allCourses')) return null;
  renders += 1;
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 300));
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ courses(limit: 5) { items { name } } }' }),
  });
  const { data } = await res.json();
  return { html: '<ul>' + data.courses.items.map((c) => '<li>' + c.name + '</li>').join('') + '</ul>', state: data };
};
exports.isKnownPage = (url) => !url.startsWith('/no-such-page');
exports.pageHtml = (template, page) => template.replace('<div id="root"></div>', '<div id="root">' + page.html + '</div>');
`;
const STYLESHEET = '.course-card{border-width:1px}';
const INDEX = '<!doctype html><title>Shikhon</title><link rel="stylesheet" crossorigin href="/assets/main-abc.css"><div id="root"></div>';

let db: DataSource;
let work: string;
let clientDist: string;
let course: Course;

beforeAll(async () => {
  db = await openTestDatabase();
  course = await makeCourse(db, { name: 'Rendered Biology' });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-pages-'));
  clientDist = path.join(work, 'dist');
  fs.mkdirSync(clientDist);
  fs.writeFileSync(path.join(clientDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(clientDist, 'assets'));
  fs.writeFileSync(path.join(clientDist, 'assets', 'main-abc.css'), STYLESHEET);
  fs.mkdirSync(path.dirname(renderBundleFile(clientDist)));
  fs.writeFileSync(renderBundleFile(clientDist), RENDERER);
});
afterAll(async () => {
  await closeTestDatabase(db);
  fs.rmSync(work, { recursive: true, force: true });
});

interface TestRenderer {
  renderCount(): number;
  gates: Record<string, Promise<void> | undefined>;
  homeDrawings: string[];
}
// The same module instance the server required, so its count is the server's.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const testRenderer = () => require(renderBundleFile(clientDist)) as TestRenderer;
const renderCount = () => testRenderer().renderCount();
const openPage = (app: TestApp, pagePath: string) => fetch(app.url + pagePath, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });

describe('pages rendered on the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(db, { CLIENT_DIST: clientDist, GRAPHQL_RESPONSE_CACHE: 'true' });
    // The home page drawn in each language as the server starts takes both rendering places meanwhile.
    for (let attempt = 0; attempt < 100 && testRenderer().homeDrawings.length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(() => app.close());

  it('come with their content, read from this server as an anonymous visitor, compressed', async () => {
    const res = await openPage(app, '/allCourses');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // The page's stylesheet comes inside it: the phone draws the page without asking for another file first.
    expect(await res.text()).toBe(`<!doctype html><title>Shikhon</title><style>${STYLESHEET}</style><div id="root"><ul><li>Rendered Biology</li></ul></div>`);
  });

  it('answer 404 for an address no page of the app answers, still with the page that says so', async () => {
    const missing = await openPage(app, '/no-such-page/at-all');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await missing.text()).toContain('<div id="root">');
    expect((await openPage(app, '/login')).status).toBe(200);
  });

  it('are rendered once until the catalogue changes', async () => {
    await openPage(app, '/allCourses?section=FREE');
    const before = renderCount();
    expect(await (await openPage(app, '/allCourses?section=FREE')).text()).toContain('<li>Rendered Biology</li>');
    expect(renderCount()).toBe(before);

    await db.getRepository(Course).update(course.id, { name: 'Renamed Biology' });
    let text = '';
    for (let attempt = 0; attempt < 100 && !text.includes('Renamed Biology'); attempt++) {
      text = await (await openPage(app, '/allCourses?section=FREE')).text();
      if (!text.includes('Renamed Biology')) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(text).toContain('<li>Renamed Biology</li>');
    expect(renderCount()).toBe(before + 1);
  });

  it('say whether they came from the public response cache: a hit once kept, a miss when rendered for the visit', async () => {
    const cacheOf = async (pagePath: string) => (await openPage(app, pagePath)).headers.get('x-response-cache');
    const before = renderCount();
    // Two visitors at once on a page not kept yet share one render: neither is answered from the cache.
    expect(await Promise.all([cacheOf('/allCourses?slow=shared'), cacheOf('/allCourses?slow=shared')])).toEqual(['miss', 'miss']);
    expect(renderCount()).toBe(before + 1);
    expect(await cacheOf('/allCourses?slow=shared')).toBe('hit');
    expect(renderCount()).toBe(before + 1);

    // A change to a course the page shows: the next visit is rendered again, then kept.
    await db.getRepository(Course).update(course.id, { description: 'Changed while the page was kept' });
    let answer = 'hit';
    for (let attempt = 0; attempt < 100 && answer === 'hit'; attempt++) {
      answer = (await cacheOf('/allCourses?slow=shared')) ?? 'none';
      if (answer === 'hit') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answer).toBe('miss');
    expect(renderCount()).toBe(before + 2);
    expect(await cacheOf('/allCourses?slow=shared')).toBe('hit');

    // The plain page is not a rendered one: it says nothing.
    expect(await cacheOf('/login')).toBeNull();
  });

  it('never keep a page whose data the cache hears no change of (a certificate, which a refund revokes)', async () => {
    const cacheOf = async (pagePath: string) => (await openPage(app, pagePath)).headers.get('x-response-cache');
    const before = renderCount();
    expect([await cacheOf('/certificate/SHK-7Q2M9XK4TD'), await cacheOf('/certificate/SHK-7Q2M9XK4TD')]).toEqual(['miss', 'miss']);
    expect(renderCount()).toBe(before + 2);
  });

  it('draw a refused sign-in form again for that one request, with its message in the page’s language and the typed email', async () => {
    const res = await fetch(`${app.url}/login?lang=bn`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: app.url },
      body: new URLSearchParams({ email: 'nobody@example.com', password: 'a secret password' }).toString(),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page).toContain('<p role="alert">ইমেইল বা পাসওয়ার্ড ভুল</p><i>nobody@example.com</i>');
    expect(page).not.toContain('a secret password');
  });

  it('fall back to the plain page for pages the client draws itself, or when rendering fails', async () => {
    for (const pagePath of ['/login', '/broken']) {
      const res = await openPage(app, pagePath);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('give way to the plain page while two are being rendered', async () => {
    const answers = await Promise.all(['a', 'b', 'c'].map(async (n) => (await openPage(app, `/allCourses?slow=${n}`)).text()));
    expect(answers.filter((text) => text === INDEX)).toHaveLength(1);
    expect(answers.filter((text) => text.includes('<li>'))).toHaveLength(2);
  });

  it('are not sent to requests that do not ask for a page', async () => {
    const res = await fetch(`${app.url}/allCourses`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
  });
});

describe('the home page kept in the public response cache', () => {
  let app: TestApp;
  const GRAPHQL = { 'content-type': 'application/json' };
  const COUNT = 'query ($id: ID!) { course(id: $id) { enrolledCount ratingCount } }';
  const countsOf = async (id: string) => {
    const res = await fetch(`${app.url}/graphql`, { method: 'POST', headers: GRAPHQL, body: JSON.stringify({ query: COUNT, variables: { id } }) });
    return ((await res.json()) as { data: { course: { enrolledCount: number; ratingCount: number } } }).data.course;
  };
  /** Change notices arrive asynchronously (in the order of the changes): asks until the course's counts show the change. */
  const untilCounts = async (id: string, shows: (counts: { enrolledCount: number; ratingCount: number }) => boolean) => {
    for (let attempt = 0; attempt < 100 && !shows(await countsOf(id)); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shows(await countsOf(id))).toBe(true);
  };
  const visit = (pagePath: string, cookie?: string) =>
    fetch(app.url + pagePath, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) } });

  let shown: Course;
  let student: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    // Made before the server listens: a new account forgets the figures (on the page) a few seconds later.
    shown = await makeCourse(db, { name: 'Crowded Physics' });
    student = await makeUser(db);
    testRenderer().homeDrawings.length = 0;
    app = await startTestApp(db, { CLIENT_DIST: clientDist, GRAPHQL_RESPONSE_CACHE: 'true' });
  });
  afterAll(() => app.close());

  it('is drawn in each language when the server starts, and `/?lang=bn` is the Bangla one', async () => {
    // The server starts drawing '/' in each language as it listens; wait for both drawings to be kept.
    for (let attempt = 0; attempt < 100 && testRenderer().homeDrawings.length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(testRenderer().homeDrawings.sort()).toEqual(['/ bn', '/ en']);
    const bangla = await visit('/', 'lang=bn');
    const drawn = renderCount();
    const linked = await visit('/?lang=bn');
    expect(linked.headers.get('x-response-cache')).toBe('hit');
    expect(await linked.text()).toBe(await bangla.text());
    expect(renderCount()).toBe(drawn);
    expect(testRenderer().homeDrawings).toHaveLength(2);
    // Another query is another page.
    expect((await visit('/?lang=bn&section=FREE')).headers.get('x-response-cache')).toBe('miss');
  });

  it('is kept through enrollments in the courses it shows, and through one heard while it was drawn', async () => {
    const enroll = () =>
      db.getRepository(Enrollment).insert({ studentId: student.id, courseId: shown.id, courseName: shown.name, courseDescription: '', email: student.email });
    // Drawn as the server started, or now: then kept.
    for (let attempt = 0; attempt < 100 && (await visit('/')).headers.get('x-response-cache') !== 'hit'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const first = await visit('/');
    expect(first.headers.get('x-response-cache')).toBe('hit');
    expect(await first.text()).toContain(shown.id);
    await countsOf(shown.id);

    // An enrollment in a course the page shows: the page does not show its count, so it stays.
    await enroll();
    await untilCounts(shown.id, (counts) => counts.enrolledCount === 1);
    const drawn = renderCount();
    expect((await visit('/')).headers.get('x-response-cache')).toBe('hit');
    expect(renderCount()).toBe(drawn);

    // A drawing under way while a student enrolls is kept.
    let open = () => {};
    testRenderer().gates['/?gated=1'] = new Promise<void>((resolve) => (open = resolve));
    const gated = visit('/?gated=1');
    for (let attempt = 0; attempt < 100 && renderCount() === drawn; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    await db.getRepository(Enrollment).update({ studentId: student.id, courseId: shown.id }, { revokedAt: new Date() });
    await untilCounts(shown.id, (counts) => counts.enrolledCount === 0);
    open();
    expect((await gated).headers.get('x-response-cache')).toBe('miss');
    expect((await visit('/?gated=1')).headers.get('x-response-cache')).toBe('hit');
    expect(renderCount()).toBe(drawn + 1);

    // One under way while a course it shows is reviewed (the real cards show its rating) is not kept.
    testRenderer().gates['/?gated=2'] = new Promise<void>((resolve) => (open = resolve));
    const stale = visit('/?gated=2');
    for (let attempt = 0; attempt < 100 && renderCount() === drawn + 1; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    await db.getRepository(Review).save({ courseId: shown.id, name: 'Karim', text: 'Very clear', info: 'Student', rating: 4, hidden: false });
    await untilCounts(shown.id, (counts) => counts.ratingCount === 1);
    open();
    expect((await stale).headers.get('x-response-cache')).toBe('miss');
    expect((await visit('/?gated=2')).headers.get('x-response-cache')).toBe('miss');
    expect(renderCount()).toBe(drawn + 3);
  });
});

describe('pages rendered on the server without the public response cache', () => {
  it('are rendered for every visit, so a change shows at once', async () => {
    const app = await startTestApp(db, { CLIENT_DIST: clientDist, GRAPHQL_RESPONSE_CACHE: 'false' });
    try {
      const before = renderCount();
      await openPage(app, '/allCourses?offset=0');
      await db.getRepository(Course).update(course.id, { name: 'Uncached Biology' });
      const again = await openPage(app, '/allCourses?offset=0');
      expect(await again.text()).toContain('<li>Uncached Biology</li>');
      expect(again.headers.get('x-response-cache')).toBe('miss');
      expect(renderCount()).toBe(before + 2);
    } finally {
      await app.close();
    }
  });
});
