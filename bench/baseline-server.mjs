// The benchmark's yardstick: a minimal node:http server that runs the same SQL as the product's
// catalogue reads with pg and answers the same JSON. No framework, no GraphQL, no logging.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

// Which courses are shown: the product's own rule (server/src/modules/course/visible-courses.json).
const visibility = JSON.parse(fs.readFileSync(new URL('../server/src/modules/course/visible-courses.json', import.meta.url), 'utf8'));
const visible = (course = '"course"') => visibility.condition.replaceAll('{course}', course);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pg.types.setTypeParser(1700, Number); // numeric prices, as the product's entity transformer does

const CARD = `"id", "name", "description", "price", "photoURL", "ratings", "instructor"`;
const NEWEST = `ORDER BY "createdAt" DESC, "id" ASC LIMIT 4`;
const sections = {
  free: `SELECT ${CARD} FROM "course" WHERE ${visible()} AND "price" = 0 ${NEWEST}`,
  professional: `SELECT ${CARD} FROM "course" WHERE ${visible()} AND "category" = 'PROFESSIONAL' ${NEWEST}`,
  trending: `SELECT ${CARD} FROM "course" WHERE ${visible()} AND "trending" = true ${NEWEST}`,
  school: `SELECT ${CARD} FROM "course" WHERE ${visible()} AND "category" = 'SCHOOL' ${NEWEST}`,
};
const REVIEWS = `SELECT "id", "name", "img", "text", "info", "rating", "title" FROM "review" WHERE "hidden" = false ORDER BY "createdAt" DESC, "id" ASC LIMIT 8`;
const COURSE = `SELECT * FROM "course" WHERE ${visible()} AND "id" = $1`;
const LESSONS = `SELECT "id", "title", "videoURL", "position" FROM "lesson" WHERE "courseId" = $1 ORDER BY "position" ASC`;
// The product's search (server/src/modules/course/course.search.ts): $1 the phrase as a name prefix,
// $2 the phrase anywhere in the name, then each word anywhere in the course's text: with LIKE, or,
// for a word common in a sample of the catalogue (search-word-sample.ts), with strpos. Up to 200
// matches are ranked directly; more are walked tier by tier along the name index, at once when the
// sample shows most courses match.
const NAME_KEY = `(lower(c."name") COLLATE "C")`;
const DOCUMENT = `lower(c."name" || ' ' || c."instructor" || ' ' || c."description")`;
const SAMPLE_SQL = `SELECT ${DOCUMENT} AS "document" FROM "course" c
  TABLESAMPLE BERNOULLI (least(100, 100.0 * 1000 / greatest((SELECT "reltuples" FROM "pg_class" WHERE "oid" = '"course"'::regclass), 1)))
  WHERE ${visible('c')} LIMIT 2000`;
const sample = (await pool.query(SAMPLE_SQL)).rows.map((row) => row.document);
function judgeWords(terms) {
  if (sample.length < 100) return { common: new Set(), matchesMany: false };
  const share = (holds) => sample.filter(holds).length / sample.length;
  const matchesMany = share((document) => terms.every((term) => document.includes(term))) >= 0.2;
  if (terms.length < 2) return { common: new Set(), matchesMany };
  const shares = terms.map((term) => ({ term, share: share((document) => document.includes(term)) }));
  const rarest = shares.reduce((rarer, next) => (next.share < rarer.share ? next : rarer));
  return { common: new Set(shares.filter((word) => word !== rarest && word.share >= 0.2).map((word) => word.term)), matchesMany };
}
/** Each word's test and value: [sql with $n, value]. */
const wordTests = (terms, common, first) =>
  terms.map((term, i) => (common.has(term) ? [`strpos(${DOCUMENT}, $${i + first}) > 0`, term] : [`${DOCUMENT} LIKE $${i + first}`, `%${term}%`]));
const everyTerm = (tests) => tests.map(([sql]) => sql).join(' AND ');
const matchesSql = (tests) => `SELECT c."id" FROM "course" c WHERE ${visible('c')} AND ${everyTerm(tests)} LIMIT 201`;
const RANK_SQL = `SELECT ${CARD} FROM "course" c WHERE ${visible('c')} AND c."id" = ANY($3)
  ORDER BY CASE WHEN ${NAME_KEY} LIKE $1 THEN 2 WHEN ${NAME_KEY} LIKE $2 THEN 1 ELSE 0 END DESC, ${NAME_KEY}, c."id" LIMIT 20`;
function walkSql(tests) {
  const tier = (rank, nameTest) => `(SELECT c."id", ${rank} AS "tier", ${NAME_KEY} AS "key" FROM "course" c
    WHERE ${visible('c')} AND ${nameTest} AND ${everyTerm(tests)} ORDER BY ${NAME_KEY}, c."id" LIMIT 20)`;
  return `SELECT ${CARD} FROM "course" JOIN (${tier(2, `${NAME_KEY} LIKE $1`)} UNION ALL ${tier(1, `${NAME_KEY} LIKE $2 AND NOT (${NAME_KEY} LIKE $1)`)}
    UNION ALL ${tier(0, `NOT (${NAME_KEY} LIKE $1) AND NOT (${NAME_KEY} LIKE $2)`)}) ranked USING ("id")
    WHERE ${visible()} ORDER BY ranked."tier" DESC, ranked."key", "id" LIMIT 20`;
}

const card = ({ id, name, description, price, photoURL, ratings, instructor }) => ({ id, name, description, price, photoURL, ratings, instructor });

async function home() {
  const queries = { ...sections, reviews: REVIEWS };
  const entries = await Promise.all(Object.entries(queries).map(async ([key, sql]) => [key, { items: (await pool.query(sql)).rows }]));
  return { data: Object.fromEntries(entries) };
}

async function coursePage(id) {
  const [course] = (await pool.query(COURSE, [id])).rows;
  if (!course) return { data: { course: null } };
  const lessons = (await pool.query(LESSONS, [id])).rows;
  const { id: _id, name, description, price, photoURL, ratings, instructor, instructorEmail, keyPoints, targetedPeoples, whyNeed, category, classLevel } = course;
  return {
    data: {
      course: {
        id: _id, name, description, price, photoURL, ratings, instructor, instructorEmail, keyPoints, targetedPeoples, whyNeed,
        category, classLevel, lessonCount: lessons.length, isEnrolled: false,
        lessons: lessons.map(({ id: lessonId, title, position }) => ({ id: lessonId, title, position })),
      },
    },
  };
}

async function search(text) {
  const phrase = text.toLowerCase().trim().replace(/\s+/g, ' ');
  const terms = [...new Set(phrase.split(' '))];
  const { common, matchesMany } = judgeWords(terms);
  const name = [`${phrase}%`, `%${phrase}%`];
  const walk = async () => {
    const walkTests = wordTests(terms, common, 3);
    return (await pool.query(walkSql(walkTests), [...name, ...walkTests.map(([, value]) => value)])).rows;
  };
  if (matchesMany) return { data: { searchCourses: (await walk()).map(card) } };
  const matchTests = wordTests(terms, common, 1);
  const matches = (await pool.query(matchesSql(matchTests), matchTests.map(([, value]) => value))).rows;
  let rows = [];
  if (matches.length > 200) rows = await walk();
  else if (matches.length > 0) rows = (await pool.query(RANK_SQL, [...name, matches.map((match) => match.id)])).rows;
  return { data: { searchCourses: rows.map(card) } };
}

async function legacyCourse(id) {
  const [course] = (await pool.query(COURSE, [id])).rows;
  if (!course) return null;
  const lessons = (await pool.query(LESSONS, [id])).rows;
  return {
    _id: course.id, id: course.id, name: course.name, price: course.price, instructor: course.instructor, instructorEmail: course.instructorEmail,
    photoURL: course.photoURL, description: course.description, targetedPeoples: course.targetedPeoples, whyNeed: course.whyNeed,
    keyPoints: course.keyPoints, ratings: course.ratings,
    videos: { contents: lessons.map((lesson) => ({ title: lesson.title, videoURL: null })) },
  };
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://baseline');
    let body;
    if (url.pathname === '/home') body = await home();
    else if (url.pathname.startsWith('/course/')) body = await coursePage(url.pathname.slice('/course/'.length));
    else if (url.pathname === '/search') body = await search(url.searchParams.get('text') ?? '');
    else if (url.pathname.startsWith('/api/courses/')) body = await legacyCourse(url.pathname.slice('/api/courses/'.length));
    else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
