import type { DataSource } from 'typeorm';
import type { Jobs } from '../../db/job-queue';
import { sendInTransaction, workQueue, type WorkQueue } from '../../db/job-queues';
import { AppError, badInput, notFound, textTooLong } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { hitRateLimit, type Limit } from '../../shared/rate-limit';
import { accountAddress } from '../../shared/phone';
import type { Viewer } from '../../kernel/viewer';
import { isAdmin, requireCourseEditor, requireRole, roles, teaches } from '../auth/guards';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { isUuid } from '../../shared/validation';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { mailText } from '../mail/mail-text';
import type { Mailer } from '../mail/mailer';
import { CourseAnnouncement } from './announcement.entity';

export const ANNOUNCEMENT_QUEUE = 'course-announcement';
export const MAX_TITLE = 120;
export const MAX_TEXT = 2000;
/** Students are not flooded: a few announcements a week per course. */
export const announcementsPerCourse: Limit = { name: 'announcement-course', max: 3, windowSeconds: 7 * 24 * 60 * 60 };
export const NOT_ENROLLED_HERE = 'Only the course’s students can read its announcements';

export interface AnnouncementDeps {
  db: DataSource;
  mailer: Mailer;
  publicUrl: string;
  queue: WorkQueue;
}

/** A course whether on sale or not (its instructor writes to the students it already has). */
async function anyCourse(db: DataSource, id: string): Promise<Course> {
  const course = isUuid(id) ? await db.getRepository(Course).findOne({ where: { id }, select: { id: true, name: true, instructorId: true } }) : null;
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  return course;
}

export function announcementQueue(jobs: Jobs): WorkQueue {
  return workQueue(jobs, ANNOUNCEMENT_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
}

/**
 * The course's instructor (or an admin) writes to its students: the announcement is kept, and a job
 * written in the same transaction sends it to each student in their language, by mail or (an
 * account without email) by SMS.
 */
export async function sendAnnouncement(deps: AnnouncementDeps, viewer: Viewer, courseId: string, title: string, text: string): Promise<CourseAnnouncement> {
  requireRole(viewer, roles.staff);
  const course = await anyCourse(deps.db, courseId);
  requireCourseEditor(viewer, course);
  const heading = title.trim();
  const body = text.trim();
  if (!heading) throw badInput('Write a title', { field: 'title' });
  if (heading.length > MAX_TITLE) throw textTooLong(`The title must be at most ${MAX_TITLE} characters`, 'title', MAX_TITLE);
  if (!body) throw badInput('Write the announcement', { field: 'text' });
  if (body.length > MAX_TEXT) throw textTooLong(`The announcement must be at most ${MAX_TEXT} characters`, 'text', MAX_TEXT);
  await hitRateLimit(deps.db, announcementsPerCourse, course.id);
  await deps.queue();
  return deps.db.transaction(async (manager) => {
    const repo = manager.getRepository(CourseAnnouncement);
    const saved = await repo.save(
      repo.create({ courseId: course.id, courseName: course.name, authorId: viewer.id, authorName: viewer.name, title: heading, text: body, sentAt: null }),
    );
    await sendInTransaction(manager, ANNOUNCEMENT_QUEUE, { announcementId: saved.id });
    return saved;
  });
}

/** The job: every student enrolled now gets the announcement once (a retry after a crash may repeat it to a few). */
export async function deliverAnnouncement(deps: AnnouncementDeps, announcementId: string): Promise<void> {
  const announcement = await deps.db.getRepository(CourseAnnouncement).findOneBy({ id: announcementId });
  if (!announcement || announcement.sentAt) return;
  const students = await deps.db.query<Array<{ email: string | null; phone: string | null; language: 'bn' | 'en' }>>(
    `SELECT DISTINCT u.email, u.phone, u.language FROM enrollment e JOIN "user" u ON u.id = e."studentId"
     WHERE e."courseId" = $1 AND e."revokedAt" IS NULL AND u."deletedAt" IS NULL`,
    [announcement.courseId],
  );
  const page = '/mycourses';
  for (const student of students) {
    const to = accountAddress(student);
    if (!to) continue;
    const link = new URL(page, deps.publicUrl).toString();
    await deps.mailer.send({
      to,
      ...mailText(student.language, 'announcement', {
        course: announcement.courseName,
        title: announcement.title,
        text: announcement.text,
        author: announcement.authorName,
        link,
      }),
      page,
    });
  }
  await deps.db.getRepository(CourseAnnouncement).update({ id: announcement.id }, { sentAt: new Date() });
}

/** A course's announcements, newest first: for its students, its instructor and admins. */
export async function courseAnnouncements(
  db: DataSource,
  viewer: Viewer,
  courseId: string,
  paging: { offset?: number; limit?: number },
): Promise<Page<CourseAnnouncement>> {
  const course = await anyCourse(db, courseId);
  if (!isAdmin(viewer) && !teaches(viewer, course) && !(await findActiveEnrollment(db, viewer.id, course.id)))
    throw new AppError('NOT_ENROLLED', NOT_ENROLLED_HERE);
  const page = parsePage(paging.offset, paging.limit);
  const repo = db.getRepository(CourseAnnouncement);
  return fetchPage(
    page,
    () => repo.find({ where: { courseId: course.id }, order: { createdAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit }),
    () => repo.countBy({ courseId: course.id }),
  );
}

/** The newest announcements of the courses the signed-in student is enrolled in, for My Courses. */
export function myAnnouncements(db: DataSource, viewer: Viewer, limit: number): Promise<CourseAnnouncement[]> {
  return db
    .getRepository(CourseAnnouncement)
    .createQueryBuilder('a')
    .where(`a."courseId" IN (SELECT e."courseId" FROM enrollment e WHERE e."studentId" = :student AND e."revokedAt" IS NULL)`, { student: viewer.id })
    .orderBy('a."createdAt"', 'DESC')
    .limit(Math.min(Math.max(limit, 1), 20))
    .getMany();
}
