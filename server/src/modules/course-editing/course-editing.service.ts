import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { courseEventData } from '../course/course-event';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { recordAudit } from '../audit/audit.service';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Payment } from '../payment/payment.entity';
import { requireConfirmedAccount, requireVerifiedEmail } from '../auth/email-verification.service';
import { User } from '../user/user.entity';
import { DEFAULT_USD_TO_BDT } from '../../shared/money';
import { normalizeCourse, type CourseInput, type ValidLesson } from './course.input';
import { isAdmin, requireCourseEditor, requireRole, roles } from '../auth/guards';

export const COURSE_HAS_STUDENTS = 'This course has students, so it cannot be deleted. Unpublish it instead.';
export const lessonWithoutVideo = (position: number) =>
  `Lesson ${position} has no video. Add a video address or upload a video to it before publishing the course.`;

export const lessonVideoNotReady = (position: number) =>
  `The video of lesson ${position} is still being processed. Publish the course once it is ready (the course editor shows its progress).`;

/**
 * A course goes to students (published, or sent for review) only when every lesson has a video: an
 * address, or an uploaded video that is ready to play. Refuses with the first lesson that has none,
 * saying whether its upload is still on its way.
 */
export function requireLessonVideos(lessons: ReadonlyArray<{ position: number; videoURL: string | null; uploaded: boolean; processing?: boolean }>): void {
  const missing = [...lessons].sort((a, b) => a.position - b.position).find((lesson) => !lesson.videoURL && !lesson.uploaded);
  if (missing) throw badInput(missing.processing ? lessonVideoNotReady(missing.position) : lessonWithoutVideo(missing.position));
}

export async function requireCourseLessonVideos(db: DataSource, courseId: string): Promise<void> {
  const lessons = await db.query<Array<{ position: number; videoURL: string | null; uploaded: boolean; processing: boolean }>>(
    `SELECT l.position, l."videoURL",
            EXISTS (SELECT 1 FROM lesson_video v WHERE v."lessonId" = l.id AND v.status = 'ready') AS uploaded,
            EXISTS (SELECT 1 FROM lesson_video v WHERE v."lessonId" = l.id AND v.status IN ('queued', 'processing')) AS processing
       FROM lesson l WHERE l."courseId" = $1`,
    [courseId],
  );
  requireLessonVideos(lessons);
}

/** A course the viewer may edit: their own, or any for an admin. Drafts included. */
export async function editableCourse(db: DataSource, viewer: Viewer, id: string): Promise<Course> {
  requireRole(viewer, roles.staff);
  const course = await db.getRepository(Course).findOneBy({ id });
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  requireCourseEditor(viewer, course);
  return course;
}

/** Writes the ordered lessons: known ids keep their id (and students' progress), new ones are added, missing ones go. */
async function writeLessons(manager: EntityManager, courseId: string, lessons: ValidLesson[], edits: Array<{ id?: string | null }>): Promise<boolean> {
  const repo = manager.getRepository(Lesson);
  const before = await repo.find({ where: { courseId }, order: { position: 'ASC' } });
  const existing = new Set(before.map((l) => l.id));
  const keep = edits.map((edit) => (edit.id && existing.has(edit.id) ? edit.id : null));
  const facts = (lesson: ValidLesson, id: string | null) => JSON.stringify([id, lesson.title, lesson.videoURL, lesson.preview, lesson.durationSeconds]);
  const unchanged = before.length === lessons.length && before.every((lesson, i) => facts(lesson as ValidLesson, lesson.id) === facts(lessons[i], keep[i]));
  if (unchanged) return false;
  await repo.delete({ courseId, ...(keep.some(Boolean) ? { id: Not(In(keep.filter(Boolean) as string[])) } : {}) });
  // Positions are unique per course: move the kept lessons out of the way before renumbering.
  await manager.query(`UPDATE lesson SET position = -position WHERE "courseId" = $1`, [courseId]);
  for (const [index, lesson] of lessons.entries()) {
    const id = keep[index];
    // A lesson hidden after its video failed is shown again once it has an address to play.
    if (id) await repo.update(id, { ...lesson, position: index + 1, ...(lesson.videoURL ? { hiddenSince: null } : {}) });
    else await repo.insert({ ...lesson, courseId, position: index + 1 });
  }
  return true;
}

/** A new course by the signed-in instructor, as a draft until they publish it; `address` is the client's, for the audit log. */
export async function createCourse(db: DataSource, viewer: Viewer, input: CourseInput, address: string, usdToBdt = DEFAULT_USD_TO_BDT): Promise<Course> {
  requireRole(viewer, roles.staff);
  await requireConfirmedAccount(db, viewer.id);
  const { lessons, ...fields } = normalizeCourse(input, usdToBdt);
  const id = await db.transaction(async (manager) => {
    const course = await manager.getRepository(Course).save({
      ...fields,
      instructor: viewer.name,
      instructorEmail: viewer.email,
      instructorId: viewer.id,
      ratings: null,
      trending: false,
      published: false,
    });
    await writeLessons(manager, course.id, lessons, []);
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.CREATE_COURSE,
      targetType: AuditTarget.COURSE,
      targetId: course.id,
      detail: { name: course.name, lessons: lessons.length },
    });
    return course.id;
  });
  return db.getRepository(Course).findOneByOrFail({ id });
}

export async function updateCourse(
  db: DataSource,
  viewer: Viewer,
  id: string,
  input: CourseInput,
  address: string,
  usdToBdt = DEFAULT_USD_TO_BDT,
): Promise<Course> {
  const course = await editableCourse(db, viewer, id);
  await requireConfirmedAccount(db, viewer.id);
  // An editor that does not send the language keeps the course's own.
  const { lessons, ...fields } = normalizeCourse(input, usdToBdt, course.language);
  const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter((key) => JSON.stringify(fields[key]) !== JSON.stringify(course[key]));
  await db.transaction(async (manager) => {
    await manager.getRepository(Course).update(course.id, fields);
    const lessonsChanged = await writeLessons(manager, course.id, lessons, input.lessons);
    // "Last updated" moves only when what the course teaches changed, not on a save that changed nothing.
    if (changed.length > 0 || lessonsChanged) await manager.getRepository(Course).update(course.id, { contentUpdatedAt: new Date() });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.UPDATE_COURSE,
      targetType: AuditTarget.COURSE,
      targetId: course.id,
      detail: { name: fields.name, changed, lessons: lessons.length },
    });
  });
  return db.getRepository(Course).findOneByOrFail({ id: course.id });
}

/**
 * Publishing: admins and approved instructors put the course on sale at once; an instructor not yet
 * approved sends it to admins for review ("In review"). Either way the instructor's address must be
 * confirmed. Unpublishing takes it off sale (its students keep it) and out of review.
 */
export async function setCoursePublished(db: DataSource, viewer: Viewer, id: string, published: boolean, address: string): Promise<Course> {
  const course = await editableCourse(db, viewer, id);
  let changes: Pick<Course, 'published' | 'reviewRequestedAt' | 'reviewNote'>;
  if (!published) {
    changes = { published: false, reviewRequestedAt: null, reviewNote: course.reviewNote };
  } else if (isAdmin(viewer)) {
    await requireCourseLessonVideos(db, course.id);
    changes = { published: true, reviewRequestedAt: null, reviewNote: null };
  } else {
    await requireVerifiedEmail(db, viewer.id);
    await requireCourseLessonVideos(db, course.id);
    const approved = await db.getRepository(User).existsBy({ id: viewer.id, instructorApprovedAt: Not(IsNull()) });
    changes = approved
      ? { published: true, reviewRequestedAt: null, reviewNote: null }
      : { published: false, reviewRequestedAt: course.reviewRequestedAt ?? new Date(), reviewNote: null };
  }
  await db.transaction(async (manager) => {
    await manager.getRepository(Course).update(course.id, changes);
    const action = changes.published
      ? AuditAction.PUBLISH_COURSE
      : changes.reviewRequestedAt
        ? AuditAction.SUBMIT_COURSE_FOR_REVIEW
        : AuditAction.UNPUBLISH_COURSE;
    await recordAudit(manager, { viewer, address, action, targetType: AuditTarget.COURSE, targetId: course.id, detail: { name: course.name } });
    if (changes.published && !course.published) await emitWebhookEvent(manager, WebhookEventType.COURSE_PUBLISHED, courseEventData({ ...course, ...changes }));
  });
  return { ...course, ...changes };
}

/** Deletes a course nobody has bought; one with students can only be unpublished. */
export async function deleteCourse(db: DataSource, viewer: Viewer, id: string, address: string): Promise<void> {
  const course = await editableCourse(db, viewer, id);
  const bought = (await db.getRepository(Enrollment).existsBy({ courseId: course.id })) || (await db.getRepository(Payment).existsBy({ courseId: course.id }));
  if (bought) throw new AppError('CONFLICT', COURSE_HAS_STUDENTS);
  await db.transaction(async (manager) => {
    await manager.getRepository(Course).delete(course.id);
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.DELETE_COURSE,
      targetType: AuditTarget.COURSE,
      targetId: course.id,
      detail: { name: course.name },
    });
  });
}

/** The instructor's own courses (every course for an admin), drafts included, newest first. */
export async function listInstructorCourses(db: DataSource, viewer: Viewer, paging: { offset?: number; limit?: number }): Promise<Page<Course>> {
  requireRole(viewer, roles.staff);
  const page = parsePage(paging.offset, paging.limit);
  const query = () => {
    const qb = db.getRepository(Course).createQueryBuilder('course');
    if (!isAdmin(viewer)) qb.where('course."instructorId" = :id', { id: viewer.id });
    return qb;
  };
  return fetchPage(
    page,
    () => query().orderBy('course.createdAt', 'DESC').addOrderBy('course.id', 'ASC').offset(page.offset).limit(page.limit).getMany(),
    () => query().getCount(),
  );
}
