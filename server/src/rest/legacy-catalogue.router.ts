import { Router, type Request } from 'express';
import type { DataSource } from 'typeorm';
import { listAllBlogs } from '../modules/blog/blog.service';
import { createCourseByIdLoader, findCourse, listAllCourses, listCourseChanges, searchCoursePage } from '../modules/course/course.service';
import { createLessonsByCourseLoader } from '../modules/course/lesson.service';
import { createCourseFiguresLoader } from '../modules/course/course-figures';
import { createOwnedCourseLoader } from '../modules/enrollment/enrollment.service';
import { canWatchCourse } from '../modules/enrollment/entitlement';
import type { Course } from '../modules/course/course.entity';
import { listAllReviews } from '../modules/review/review.service';
import { LEGACY_PAGE_QUERY, legacyPage } from './legacy-page';
import { requireRole, requireViewer, roles } from '../modules/auth/guards';
import { CourseCategory, CourseLanguage } from '../modules/course/course.enums';
import { badInput } from '../shared/errors';
import { createCourse, requireLessonVideos, setCoursePublished } from '../modules/course-editing/course-editing.service';
import { COURSE_TEXT_LIMITS, CourseInput, LessonInput, MAX_KEY_POINTS, MAX_LESSONS, MAX_PRICE } from '../modules/course-editing/course.input';
import { inputOf, validateInput } from '../shared/validation';
import { decimalOf, wholeNumberOf } from '../shared/digits';
import {
  legacyBlogSchema,
  legacyCourseSchema,
  legacyReviewSchema,
  legacySampleCourseSchema,
  toLegacyBlog,
  toLegacyCourse,
  toLegacyReview,
  toLegacySampleCourse,
} from './legacy-shapes';
import { arrayOf, documented, error, json, orNull, type ParameterDoc, type RouteDocs } from '../shared/route-docs';

/** `?language=bn` or `?language=en`: only the courses taught in it; the answer keeps its old shape. */
function languageOf(req: Request): CourseLanguage | undefined {
  const raw = req.query.language;
  if (raw === undefined) return undefined;
  const language = Object.values(CourseLanguage).find((value) => value === raw);
  if (!language) throw badInput('language must be bn or en', { field: 'language' });
  return language;
}

/** Where a changes feed read over REST reads on (`?after=`; empty after an empty page), and whether more follow now. */
export const END_CURSOR_HEADER = 'Shikhon-End-Cursor';
export const HAS_MORE_HEADER = 'Shikhon-Has-More';

/** `?updatedSince=2026-11-01T00:00:00Z`: an ISO 8601 date and time (the changes feed's mark). */
function updatedSinceOf(req: Request): Date | undefined {
  const raw = req.query.updatedSince;
  if (raw === undefined) return undefined;
  const time = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw) : null;
  if (!time || Number.isNaN(time.getTime())) {
    throw badInput('updatedSince must be a date and time in ISO 8601, such as 2026-11-01T00:00:00Z', { field: 'updatedSince' });
  }
  return time;
}

const LANGUAGE_QUERY: ParameterDoc = {
  description: 'Only the courses taught in this language: bn (Bangla) or en (English); anything else answers 400',
  schema: { enum: Object.values(CourseLanguage) },
};
const TAG = 'Catalogue (old API)';
const courses = json('The courses, in the old shape (a plain array)', arrayOf(legacyCourseSchema));
const limited = (max: number) => ({ type: 'string', maxLength: max });

/** The description of each path below, for GET /openapi.json (http/openapi.ts); a route without one fails openapi.test.ts. */
const LEGACY_CATALOGUE_API: RouteDocs = {
  'GET /api/courses': {
    tag: TAG,
    access: 'anyone',
    summary: 'Published courses with their lessons, a page at a time',
    description: 'Video addresses only for lessons the caller may watch (enrolled, or a preview). An API key needs `catalog:read`.',
    query: {
      ...LEGACY_PAGE_QUERY,
      language: LANGUAGE_QUERY,
      updatedSince: {
        description:
          'The changes feed: every course changed at or after this ISO 8601 time, unpublished ones as tombstones (published: false), in (updatedAt, id) order; where to read on is in the Shikhon-End-Cursor header, whether more follow in Shikhon-Has-More',
        schema: { type: 'string', format: 'date-time' },
      },
      after: { description: 'With updatedSince: the Shikhon-End-Cursor of the page before', schema: { type: 'string' } },
    },
    responses: { 200: courses, 400: error('A paging value or language out of range') },
  },
  'GET /api/courses/searchCourse/:text': {
    tag: TAG,
    access: 'anyone',
    summary: 'Courses matching a text (name, instructor, description), best first',
    path: {
      text: {
        description: 'What to look for, in Bangla or English; when nothing matches every word, close matches of misspelt words are answered',
        schema: { type: 'string' },
      },
    },
    query: { ...LEGACY_PAGE_QUERY, language: LANGUAGE_QUERY },
    responses: { 200: courses, 400: error('A paging value or language out of range') },
  },
  'GET /api/courses/:id': {
    tag: TAG,
    access: 'anyone',
    summary: 'One course with its lessons',
    path: { id: { description: "The course's id (`id`, not `_id`)", schema: { type: 'string' } } },
    responses: { 200: json('The course; null when there is none with this id (as the old API answered)', orNull(legacyCourseSchema)) },
  },
  'POST /api/courses': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Create a course, published at once (instructors and admins)',
    description:
      'The old create path; GraphQL `createCourse` is the current one. Published at once, so every lesson needs its video address. Other fields of the old document are ignored.',
    body: {
      description: 'The course in the old shape',
      required: true,
      content: {
        'application/json': {
          type: 'object',
          required: ['name', 'description', 'price'],
          properties: {
            name: limited(COURSE_TEXT_LIMITS.name),
            description: limited(COURSE_TEXT_LIMITS.description),
            price: { type: 'number', minimum: 0, maximum: MAX_PRICE, description: 'In dollars, whole cents; the taka price is proposed from it' },
            photoURL: { type: 'string', description: "The cover picture's address" },
            category: { enum: Object.values(CourseCategory), default: CourseCategory.PROFESSIONAL },
            classLevel: { type: 'integer', minimum: 1, maximum: 12, description: 'For a SCHOOL course: its class' },
            keyPoints: { type: 'array', maxItems: MAX_KEY_POINTS, items: limited(COURSE_TEXT_LIMITS.keyPoint) },
            targetedPeoples: limited(COURSE_TEXT_LIMITS.targetedPeoples),
            whyNeed: limited(COURSE_TEXT_LIMITS.whyNeed),
            videos: {
              type: 'object',
              properties: {
                contents: {
                  type: 'array',
                  maxItems: MAX_LESSONS,
                  items: {
                    type: 'object',
                    required: ['title', 'videoURL'],
                    properties: { title: limited(COURSE_TEXT_LIMITS.lessonTitle), videoURL: { type: 'string', description: 'The video address (https://)' } },
                  },
                },
              },
            },
          },
        },
      },
    },
    responses: {
      201: json('The new course, published, in the old shape', legacyCourseSchema),
      400: error('A field is missing or wrong (`field` names it)'),
    },
  },
  'GET /Course.json': {
    tag: TAG,
    access: 'anyone',
    summary: "The old client's sample list, drawn from the published courses",
    query: LEGACY_PAGE_QUERY,
    responses: { 200: json('The courses in the sample shape', arrayOf(legacySampleCourseSchema)), 400: error('A paging value out of range') },
  },
  'GET /reviews.json': {
    tag: TAG,
    access: 'anyone',
    summary: 'The reviews shown on the home page',
    query: LEGACY_PAGE_QUERY,
    responses: { 200: json('The reviews, in the old shape', arrayOf(legacyReviewSchema)), 400: error('A paging value out of range') },
  },
  'GET /blogs.json': {
    tag: TAG,
    access: 'anyone',
    summary: 'The blog posts',
    query: LEGACY_PAGE_QUERY,
    responses: { 200: json('The posts, in the old shape', arrayOf(legacyBlogSchema)), 400: error('A paging value out of range') },
  },
};

/** The old catalogue paths, on the same services as GraphQL. */
export function legacyCatalogueRouter(db: DataSource): Router {
  const router = documented(Router(), LEGACY_CATALOGUE_API);

  async function withLessons(req: Request, courses: Course[]) {
    const lessonsByCourse = createLessonsByCourseLoader(db, req.viewer);
    const figures = createCourseFiguresLoader(db);
    const loaders = { courseById: createCourseByIdLoader(db), ownedCourse: createOwnedCourseLoader(db, req.viewer) };
    return Promise.all(
      courses.map(async (course) => {
        const lessons = await lessonsByCourse.load(course.id);
        const entitled = await canWatchCourse(req.viewer, course.id, loaders);
        return toLegacyCourse(course, lessons, (lesson) => (entitled || lesson.preview ? lesson.videoURL : null), await figures.load(course.id));
      }),
    );
  }

  router.get('/api/courses', async (req, res) => {
    if (req.query.updatedSince !== undefined || req.query.after !== undefined) {
      // The changes feed (courses(updatedSince, after) in GraphQL): the same documents, with their
      // state and updatedAt; where to read on is in the headers, so the answer stays an array.
      const page = await listCourseChanges(
        db,
        { viewer: req.viewer, apiKey: req.apiKey },
        { language: languageOf(req) },
        { updatedSince: updatedSinceOf(req), after: typeof req.query.after === 'string' ? req.query.after : undefined, ...legacyPage(req) },
      );
      const courses = page.items as Course[];
      const documents = await withLessons(req, courses);
      res.setHeader(END_CURSOR_HEADER, page.endCursor ?? '');
      res.setHeader(HAS_MORE_HEADER, String(page.more ?? false));
      res.json(documents.map((document, index) => ({ ...document, published: courses[index].published, updatedAt: courses[index].updatedAt })));
      return;
    }
    res.json(await withLessons(req, await listAllCourses(db, legacyPage(req), languageOf(req))));
  });

  router.get('/api/courses/searchCourse/:text', async (req, res) => {
    const page = await searchCoursePage(db, String(req.params.text), legacyPage(req), undefined, languageOf(req));
    res.json(await withLessons(req, page.items as Course[]));
  });

  router.get('/api/courses/:id', async (req, res) => {
    const course = await findCourse(db, String(req.params.id));
    res.json(course ? (await withLessons(req, [course]))[0] : null);
  });

  // The old create path, for instructors and admins: the course is published at once, as it was.
  router.post('/api/courses', async (req, res) => {
    const viewer = requireViewer(req);
    requireRole(viewer, roles.staff);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const videos = body.videos as { contents?: unknown } | undefined;
    const contents = Array.isArray(videos?.contents) ? (videos.contents as Array<Record<string, unknown> | null>) : [];
    const category = Object.values(CourseCategory).includes(body.category as CourseCategory) ? (body.category as CourseCategory) : CourseCategory.PROFESSIONAL;
    const address = req.ip ?? 'unknown';
    const input = await validateInput(
      inputOf(CourseInput, {
        name: str(body.name),
        description: str(body.description),
        price: decimalOf(body.price),
        photoURL: str(body.photoURL),
        category,
        classLevel: typeof body.classLevel === 'number' || typeof body.classLevel === 'string' ? wholeNumberOf(body.classLevel, 2) : null,
        keyPoints: Array.isArray(body.keyPoints) ? body.keyPoints.map(String) : [],
        targetedPeoples: str(body.targetedPeoples),
        whyNeed: str(body.whyNeed),
        lessons: contents.map((c) => inputOf(LessonInput, { title: str(c?.title), videoURL: str(c?.videoURL) })),
      }),
    );
    // Published at once, so every lesson needs its video address now (nothing is created otherwise).
    requireLessonVideos(input.lessons.map((lesson, index) => ({ position: index + 1, videoURL: lesson.videoURL?.trim() || null, uploaded: false })));
    const course = await createCourse(db, viewer, input, address);
    const published = await setCoursePublished(db, viewer, course.id, true, address);
    res.status(201).json((await withLessons(req, [published]))[0]);
  });

  router.get('/Course.json', async (req, res) => {
    const courses = await listAllCourses(db, legacyPage(req));
    const figures = createCourseFiguresLoader(db);
    res.json(await Promise.all(courses.map(async (course) => toLegacySampleCourse(course, await figures.load(course.id)))));
  });

  router.get('/reviews.json', async (req, res) => {
    res.json((await listAllReviews(db, legacyPage(req))).map(toLegacyReview));
  });

  router.get('/blogs.json', async (req, res) => {
    res.json((await listAllBlogs(db, legacyPage(req))).map(toLegacyBlog));
  });

  return router;
}
