// The benchmark's yardstick's answers: the same SQL as the product's catalogue reads, run with pg,
// giving the same JSON. Served bare by baseline-server.mjs and through Express and Apollo by floor-server.mjs.
import crypto from 'node:crypto';
import pg from 'pg';

// Everything below is the baseline's own: SQL written here, not read from the product's code, so a
// slow statement of the product's is not copied into the yardstick. Nothing is read from server/;
// only the database's own search_text function is shared.

// Which courses are shown: the published ones. Should the product's rule change, the bench's and the
// smoke bench's comparison of answers fails until this one follows.
const visible = (course = '"course"') => `${course}."published"`;

export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pg.types.setTypeParser(1700, Number); // numeric prices, as the product's entity transformer does

const CARD = `"id", "name", "description", "price", "priceBDT", "photoURL", "category", "instructor", "language"`;
const NEWEST = `ORDER BY "createdAt" DESC, "id" ASC LIMIT 4`;
// A card's rating from the shown reviews that give stars, read beside each card.
const RATED_CARD = `SELECT ${CARD}, "rating"."ratingAverage", "rating"."ratingCount" FROM "course"
  CROSS JOIN LATERAL (SELECT AVG(r."rating") AS "ratingAverage", count(*)::int AS "ratingCount" FROM "review" r
    WHERE r."courseId" = "course"."id" AND NOT r."hidden" AND r."rating" IS NOT NULL) "rating"`;
const sections = {
  free: `${RATED_CARD} WHERE ${visible()} AND "price" = 0 AND "priceBDT" = 0 ${NEWEST}`,
  professional: `${RATED_CARD} WHERE ${visible()} AND "category" = 'PROFESSIONAL' ${NEWEST}`,
  trending: `${RATED_CARD} WHERE ${visible()} AND "trending" ${NEWEST}`,
  school: `${RATED_CARD} WHERE ${visible()} AND "category" = 'SCHOOL' ${NEWEST}`,
};
// The home page's testimonials: students' own reviews with stars and text, highest rated, then newest.
const REVIEWS = `SELECT "id", "name", "img", "text", "info", "courseId", "rating", "title" FROM "review"
  WHERE NOT "hidden" AND "authorId" IS NOT NULL AND "rating" IS NOT NULL AND btrim("text") <> ''
  ORDER BY "rating" DESC, "createdAt" DESC, "id" ASC LIMIT 8`;
// The home page's figures: courses shown, students (open accounts), distinct instructors of the courses
// shown, as the database keeps them counted (the "catalogue_count" table, kept by the migrations' triggers
// on course and user): what one writes for speed, where counting three whole tables on every request
// cost 5 ms of PostgreSQL at 10,000 courses. That the kept counts are right is the product's tests' to
// show (catalogue-figures.test.ts).
const CATALOGUE_FIGURES = `SELECT
    coalesce((SELECT "count" FROM "catalogue_count" WHERE "name" = 'courses'), 0)::int AS "courses",
    coalesce((SELECT "count" FROM "catalogue_count" WHERE "name" = 'students'), 0)::int AS "students",
    coalesce((SELECT "count" FROM "catalogue_count" WHERE "name" = 'instructors'), 0)::int AS "instructors"`;
// Each course's students enrolled now (refunds revoke) and its stars, for the ids in $1.
const COURSE_FIGURES = `SELECT ids."id" AS "courseId",
    (SELECT count(*)::int FROM "enrollment" e WHERE e."courseId" = ids."id" AND e."revokedAt" IS NULL) AS "enrolled",
    (SELECT AVG(r."rating") FROM "review" r WHERE r."courseId" = ids."id" AND NOT r."hidden" AND r."rating" IS NOT NULL) AS "average",
    (SELECT count(*)::int FROM "review" r WHERE r."courseId" = ids."id" AND NOT r."hidden" AND r."rating" IS NOT NULL) AS "count"
  FROM unnest($1::uuid[]) AS ids("id")`;
const COURSES_BY_ID = `SELECT * FROM "course" WHERE "id" = ANY($1)`;
const COURSE = `SELECT * FROM "course" WHERE ${visible()} AND "id" = $1`;
// A course's lessons, each with how many questions its quiz has.
const LESSONS = `SELECT "id", "courseId", "title", "videoURL", "position", "preview", "durationSeconds",
    (SELECT count(*)::int FROM "lesson_quiz_question" q WHERE q."lessonId" = "lesson"."id") AS "quizQuestionCount"
  FROM "lesson" WHERE "courseId" = ANY($1) ORDER BY "courseId", "position"`;
// Published model tests and lessons with a quiz (lessons shown to visitors), in one statement.
const QUIZ_COUNT = `SELECT (SELECT count(*) FROM "model_test" WHERE "published" AND "courseId" = $1)::int
  + (SELECT count(*) FROM "lesson" l WHERE l."courseId" = $1 AND l."hiddenSince" IS NULL AND EXISTS (SELECT 1 FROM "lesson_quiz_question" q WHERE q."lessonId" = l."id"))::int AS "quizCount"`;
const LESSON_VIDEOS = `SELECT "id", "lessonId", "uploadedById", "status", "progress", "error", "fileName", "sizeBytes", "durationSeconds", "renditions", "createdAt", "updatedAt" FROM "lesson_video" WHERE "lessonId" = ANY($1) ORDER BY "createdAt" DESC`;
// A free preview's signed stream address (HMAC-SHA256 with a key derived from JWT_SECRET, signed for
// anyone, expiring at the next five minutes after an hour), in the product's address format.
const streamKey = crypto
  .createHmac('sha256', process.env.JWT_SECRET ?? '')
  .update('lesson-stream-addresses')
  .digest();
const streamTtlSeconds = Number(process.env.VIDEO_URL_TTL_SECONDS ?? 3600);
function previewStreamUrl(lessonId, videoId) {
  const expiresAt = Math.ceil((Date.now() / 1000 + streamTtlSeconds) / 300) * 300;
  const signature = crypto.createHmac('sha256', streamKey).update(`${lessonId}\n${videoId}\n-\n${expiresAt}`).digest('base64url');
  return `/media/lessons/${lessonId}/${videoId}.-.${expiresAt}.${signature}/master.m3u8`;
}
// The product's search (server/src/modules/course/course.search.ts), over the course's name and
// searched text in the form of search-text.ts: $1 the phrase as a name prefix, $2 the phrase
// anywhere in the name, then each word anywhere in the course's text (a class, "class 9", only as that class): with LIKE, or, for a word
// common in a sample of the catalogue (search-word-sample.ts), with strpos. Up to 200 matches are
// ranked directly; more are walked tier by tier along the name index, at once when the sample
// shows most courses match. When nothing matches, close words are looked for (pg_trgm's <%).
const NAME_KEY = `(c."searchName" COLLATE "C")`;
const DOCUMENT = `c."searchDocument"`;
// The name with its numbers padded, so that "Class 3" sorts before "Class 10".
const NATURAL_NAME_KEY = `((SELECT string_agg(CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(m.part[1], GREATEST(length(m.part[1]), 12), '0') ELSE m.part[1] END, '' ORDER BY m.n)
  FROM regexp_matches(c."searchName", '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)) COLLATE "C")`;
const SAMPLE_SQL = `SELECT ${DOCUMENT} AS "document" FROM "course" c
  TABLESAMPLE BERNOULLI (least(100, 100.0 * 1000 / greatest((SELECT "reltuples" FROM "pg_class" WHERE "oid" = '"course"'::regclass), 1)))
  WHERE ${visible('c')} LIMIT 2000`;
const sample = (await pool.query(SAMPLE_SQL)).rows.map((row) => row.document);
/** A class named in a search ("class 9") is found only as that class: the pattern a text must hold; null for a plain word. */
const classTermPattern = (term) => (/^class [0-9]+$/.test(term) ? `${term}([^0-9]|$)` : null);
const holdsTerm = (document, term) => (classTermPattern(term) === null ? document.includes(term) : new RegExp(classTermPattern(term)).test(document));
/** The words of a phrase in search_text's form, with "class N" kept whole. */
function searchTerms(phrase) {
  const words = phrase.split(' ').filter(Boolean);
  const terms = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'class' && /^[0-9]+$/.test(words[i + 1] ?? '')) terms.push(`class ${words[++i]}`);
    else terms.push(words[i]);
  }
  return terms;
}
// Each word's share of the sample, kept as the product keeps it until its sample is redrawn.
const shares = new Map();
const shareOf = (term) => {
  if (!shares.has(term)) shares.set(term, sample.filter((document) => holdsTerm(document, term)).length / sample.length);
  return shares.get(term);
};
function judgeWords(terms) {
  if (sample.length < 100) return { common: new Set(), matchesMany: false };
  const wordShares = terms.map((term) => ({ term, share: shareOf(term) }));
  const matchesMany =
    wordShares.every((word) => word.share >= 0.2) &&
    (terms.length === 1 || sample.filter((document) => terms.every((term) => holdsTerm(document, term))).length / sample.length >= 0.2);
  if (terms.length < 2) return { common: new Set(), matchesMany };
  const rarest = wordShares.reduce((rarer, next) => (next.share < rarer.share ? next : rarer));
  return { common: new Set(wordShares.filter((word) => word !== rarest && word.share >= 0.2).map((word) => word.term)), matchesMany };
}
/** Each word's tests and values: [sql with $n, value]; a class is tested as text (for the index) and as that class. */
const wordTests = (terms, common, first) => {
  let n = first;
  return terms.flatMap((term) =>
    classTermPattern(term) !== null
      ? [
          [`${DOCUMENT} LIKE $${n++}`, `%${term}%`],
          [`${DOCUMENT} ~ $${n++}`, classTermPattern(term)],
        ]
      : common.has(term)
        ? [[`strpos(${DOCUMENT}, $${n++}) > 0`, term]]
        : [[`${DOCUMENT} LIKE $${n++}`, `%${term}%`]],
  );
};
const everyTerm = (tests) => tests.map(([sql]) => sql).join(' AND ');
const matchesSql = (tests) => `SELECT c."id" FROM "course" c WHERE ${visible('c')} AND ${everyTerm(tests)} LIMIT 201`;
const RANK_SQL = `SELECT ${CARD} FROM "course" c WHERE ${visible('c')} AND c."id" = ANY($3)
  ORDER BY CASE WHEN ${NAME_KEY} LIKE $1 THEN 2 WHEN ${NAME_KEY} LIKE $2 THEN 1 ELSE 0 END DESC, ${NATURAL_NAME_KEY}, c."id" LIMIT 20`;
function walkSql(tests) {
  // A tier is read only when the better ones left the page short, as the product does.
  const nameTests = [`${NAME_KEY} LIKE $1`, `${NAME_KEY} LIKE $2 AND NOT (${NAME_KEY} LIKE $1)`, `NOT (${NAME_KEY} LIKE $1) AND NOT (${NAME_KEY} LIKE $2)`];
  const walks = nameTests.map((nameTest, i) => {
    const needed =
      i === 0
        ? ''
        : `${nameTests
            .slice(0, i)
            .map((_, j) => `(SELECT count(*) FROM "tier${j}")`)
            .join(' + ')} < 20 AND `;
    return `"tier${i}" AS (SELECT c."id", ${2 - i} AS "tier", ${NAME_KEY} AS "key", ${NATURAL_NAME_KEY} AS "natural" FROM "course" c
    WHERE ${needed}${visible('c')} AND ${nameTest} AND ${everyTerm(tests)} ORDER BY ${NAME_KEY}, c."id" LIMIT 20)`;
  });
  return `WITH ${walks.join(', ')} SELECT ${CARD} FROM "course" JOIN (SELECT * FROM "tier0" UNION ALL SELECT * FROM "tier1" UNION ALL SELECT * FROM "tier2") ranked USING ("id")
    WHERE ${visible()} ORDER BY ranked."tier" DESC, ranked."natural", ranked."key", "id" LIMIT 20`;
}

/** Each course's rating from its reviews (average to one decimal, count), as the product's loader reads it. */
const averageOf = (average) => (average === null ? null : Math.round(Number(average) * 10) / 10);
async function ratingsOf(rows) {
  if (rows.length === 0) return new Map();
  const figures = (await pool.query(COURSE_FIGURES, [rows.map((row) => row.id)])).rows;
  return new Map(figures.map((row) => [row.courseId, { averageRating: averageOf(row.average), ratingCount: row.count }]));
}

// GraphQL names the language by its enum value (BN, EN); the database holds 'bn' and 'en'.
// Money as GraphQL sends it: minor units and the Currency enum's name.
const taka = (priceBDT) => ({ amount: priceBDT * 100, currency: 'BDT' });
const dollars = (price) => ({ amount: Math.round(price * 100), currency: 'USD' });

const card = ({ id, name, description, price, priceBDT, photoURL, category, instructor, language }, ratings) => ({
  id,
  name,
  description,
  isFree: price === 0 && priceBDT === 0,
  priceTaka: taka(priceBDT),
  photoURL,
  category,
  language: language.toUpperCase(),
  ...(ratings.get(id) ?? { averageRating: null, ratingCount: 0 }),
  instructor,
});

/** Course rows as cards, with their ratings read in one statement. */
async function cards(rows) {
  const ratings = await ratingsOf(rows);
  return rows.map((row) => card(row, ratings));
}

export async function reviews() {
  const rows = (await pool.query(REVIEWS)).rows;
  const courseIds = [...new Set(rows.map((row) => row.courseId).filter(Boolean))];
  const names = new Map((await pool.query(COURSES_BY_ID, [courseIds])).rows.map((course) => [course.id, course.name]));
  return rows.map(({ courseId, ...review }) => ({ ...review, courseName: (courseId && names.get(courseId)) ?? null }));
}

/** The home page's figures: published courses, students, instructors. */
export const catalogueFigures = async () => (await pool.query(CATALOGUE_FIGURES)).rows[0];

/** One of the home page's sections (free, professional, trending, school): its course cards. */
export const sectionCards = async (key) =>
  (await pool.query(sections[key])).rows.map(({ ratingAverage, ratingCount, ...row }) =>
    card(row, new Map([[row.id, { averageRating: averageOf(ratingAverage), ratingCount }]])),
  );

export async function home() {
  const entries = await Promise.all([
    ...Object.keys(sections).map(async (key) => [key, { items: await sectionCards(key) }]),
    catalogueFigures().then((figures) => ['catalogueFigures', figures]),
    reviews().then((items) => ['testimonials', { items }]),
  ]);
  return { data: Object.fromEntries(entries) };
}

export async function coursePage(id) {
  const [course] = (await pool.query(COURSE, [id])).rows;
  if (!course) return { data: { course: null } };
  const [figures, lessons, quizCount] = await Promise.all([
    pool.query(COURSE_FIGURES, [[id]]).then((result) => result.rows[0]),
    pool.query(LESSONS, [[id]]).then((result) => result.rows),
    pool.query(QUIZ_COUNT, [id]).then((result) => result.rows[0].quizCount),
  ]);
  const {
    name,
    description,
    price,
    priceBDT,
    photoURL,
    instructor,
    instructorEmail,
    keyPoints,
    targetedPeoples,
    whyNeed,
    category,
    classLevel,
    contentUpdatedAt,
    language,
  } = course;
  // Every lesson's newest ready upload, asked for all the lessons at once, as the product does.
  const videos = (await pool.query(LESSON_VIDEOS, [lessons.map((lesson) => lesson.id)])).rows;
  const readyVideo = (lessonId) => videos.find((video) => video.lessonId === lessonId && video.status === 'ready');
  const allTimed = lessons.length > 0 && lessons.every((lesson) => lesson.durationSeconds !== null);
  return {
    data: {
      course: {
        id,
        name,
        description,
        isFree: price === 0 && priceBDT === 0,
        priceTaka: taka(priceBDT),
        priceUsd: dollars(price),
        photoURL,
        instructor,
        instructorEmail,
        keyPoints,
        targetedPeoples,
        whyNeed,
        category,
        classLevel,
        language: language.toUpperCase(),
        lessonCount: lessons.length,
        totalDurationSeconds: allTimed ? lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0) : null,
        enrolledCount: figures.enrolled,
        quizCount,
        averageRating: figures.average === null ? null : Math.round(Number(figures.average) * 10) / 10,
        ratingCount: figures.count,
        contentUpdatedAt: contentUpdatedAt.toISOString(),
        isEnrolled: false,
        latestPayment: null,
        // A visitor sees the video address of free previews only.
        lessons: lessons.map(({ id: lessonId, title, position, preview, durationSeconds, videoURL, quizQuestionCount }) => ({
          id: lessonId,
          title,
          position,
          preview,
          durationSeconds,
          quizQuestionCount,
          videoURL: preview ? videoURL : null,
          streamURL: preview && readyVideo(lessonId) ? previewStreamUrl(lessonId, readyVideo(lessonId).id) : null,
        })),
      },
    },
  };
}

/** Close matches for a search nothing matched: every word as typed or, for a word that may be misspelt, a close one. */
async function closeMatches(terms, common, phrase) {
  const close = terms.filter((term) => [...term].length >= 4 && !/^[0-9]+$/.test(term) && classTermPattern(term) === null && !common.has(term));
  if (close.length === 0) return [];
  const values = [];
  const add = (value) => `$${values.push(value)}`;
  const conditions = terms.map((term) => {
    const exact =
      classTermPattern(term) !== null
        ? `${DOCUMENT} LIKE ${add(`%${term}%`)} AND ${DOCUMENT} ~ ${add(classTermPattern(term))}`
        : `${DOCUMENT} LIKE ${add(`%${term}%`)}`;
    return close.includes(term) ? `(${exact} OR ${add(term)} <% ${DOCUMENT})` : exact;
  });
  const closeness = close.map((term) => `word_similarity(${add(term)}, ${DOCUMENT})`).join(' + ');
  const sql = `SELECT ${CARD} FROM "course" c WHERE ${visible('c')} AND ${conditions.join(' AND ')}
    ORDER BY word_similarity(${add(phrase)}, ${NAME_KEY}) DESC, ${closeness} DESC, ${NATURAL_NAME_KEY}, c."id" LIMIT 20`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL pg_trgm.word_similarity_threshold = 0.45');
    const { rows } = await client.query(sql, values);
    await client.query('COMMIT');
    return rows;
  } finally {
    client.release();
  }
}

export async function search(text) {
  // The visitor's text in the form the stored search columns have: the database's own search_text.
  const [{ normalized }] = (await pool.query('SELECT search_text($1) AS "normalized"', [text])).rows;
  const phrase = normalized.trim().replace(/\s+/g, ' ');
  const terms = [...new Set(searchTerms(phrase))];
  const { common, matchesMany } = judgeWords(terms);
  const name = [`${phrase}%`, `%${phrase}%`];
  const walk = async () => {
    const walkTests = wordTests(terms, common, 3);
    return (await pool.query(walkSql(walkTests), [...name, ...walkTests.map(([, value]) => value)])).rows;
  };
  let rows = [];
  if (matchesMany) rows = await walk();
  else {
    const matchTests = wordTests(terms, common, 1);
    const matches = (
      await pool.query(
        matchesSql(matchTests),
        matchTests.map(([, value]) => value),
      )
    ).rows;
    if (matches.length > 200) rows = await walk();
    else if (matches.length > 0) rows = (await pool.query(RANK_SQL, [...name, matches.map((match) => match.id)])).rows;
  }
  if (rows.length === 0) rows = await closeMatches(terms, common, phrase);
  return { data: { searchCourses: await cards(rows) } };
}

export async function legacyCourse(id) {
  const [course] = (await pool.query(COURSE, [id])).rows;
  if (!course) return null;
  const lessons = (await pool.query(LESSONS, [[id]])).rows;
  const [figures] = (await pool.query(COURSE_FIGURES, [[id]])).rows;
  const average = averageOf(figures.average);
  return {
    _id: course.id,
    id: course.id,
    name: course.name,
    price: course.price,
    instructor: course.instructor,
    instructorEmail: course.instructorEmail,
    photoURL: course.photoURL,
    description: course.description,
    targetedPeoples: course.targetedPeoples,
    whyNeed: course.whyNeed,
    keyPoints: course.keyPoints,
    // The old rating text, written from the reviews as the product writes it.
    ratings: average === null ? null : `${average} ratings out of 5`,
    videos: { contents: lessons.map((lesson) => ({ title: lesson.title, videoURL: null })) },
  };
}
