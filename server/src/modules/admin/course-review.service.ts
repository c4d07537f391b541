import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { courseEventData } from '../course/course-event';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { recordAudit } from '../audit/audit.service';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { COURSE_NOT_FOUND } from '../course/course.service';
import { User } from '../user/user.entity';
import { requireRole, roles } from '../auth/guards';
import { requireCourseLessonVideos } from '../course-editing/course-editing.service';
import { visibleCourse } from '../course/course-visibility';

export const REVIEW_REASON_REQUIRED = 'Say why the course is sent back, so its instructor can fix it';
export const MAX_REVIEW_REASON_LENGTH = 1000;
export const NOT_IN_REVIEW = 'This course is not waiting for review';

/** Courses sent for review by instructors not yet approved, oldest request first. */
export async function listCoursesInReview(db: DataSource, viewer: Viewer, paging: { offset?: number; limit?: number }): Promise<Page<Course>> {
  requireRole(viewer, roles.admin);
  const page = parsePage(paging.offset, paging.limit, 20);
  const query = () =>
    db
      .getRepository(Course)
      .createQueryBuilder('course')
      .where(`course."reviewRequestedAt" IS NOT NULL AND NOT ${visibleCourse('course')}`);
  return fetchPage(
    page,
    () => query().orderBy('course."reviewRequestedAt"', 'ASC').addOrderBy('course.id', 'ASC').offset(page.offset).limit(page.limit).getMany(),
    () => query().getCount(),
  );
}

async function courseInReview(db: DataSource, courseId: string): Promise<Course> {
  const course = await db.getRepository(Course).findOneBy({ id: courseId });
  if (!course) throw notFound(COURSE_NOT_FOUND, 'COURSE_NOT_FOUND');
  if (!course.reviewRequestedAt || course.published) throw new AppError('CONFLICT', NOT_IN_REVIEW);
  return course;
}

/**
 * Approves the course's instructor: this course and their other courses in review go on sale, and
 * their later courses publish directly.
 */
export async function approveCourseReview(db: DataSource, viewer: Viewer, courseId: string, address: string): Promise<Course> {
  requireRole(viewer, roles.admin);
  const course = await courseInReview(db, courseId);
  // Every lesson must still have a video that plays (an upload may have failed since it was sent for review).
  await requireCourseLessonVideos(db, course.id);
  await db.transaction(async (manager) => {
    if (course.instructorId) {
      await manager.getRepository(User).update(course.instructorId, { instructorApprovedAt: new Date() });
      const approved = await manager
        .createQueryBuilder()
        .update(Course)
        .set({ published: true, reviewRequestedAt: null, reviewNote: null })
        .where('"instructorId" = :id AND "reviewRequestedAt" IS NOT NULL', { id: course.instructorId })
        // Their other courses in review go on sale only with a playable video in every lesson; the rest wait in review.
        .andWhere(
          `NOT EXISTS (SELECT 1 FROM lesson l WHERE l."courseId" = "course"."id" AND coalesce(l."videoURL", '') = ''
             AND NOT EXISTS (SELECT 1 FROM lesson_video v WHERE v."lessonId" = l.id AND v.status = 'ready'))`,
        )
        .returning('*')
        .execute();
      for (const row of approved.raw as Course[]) await emitWebhookEvent(manager, WebhookEventType.COURSE_PUBLISHED, courseEventData(row));
    } else {
      await manager.getRepository(Course).update(course.id, { published: true, reviewRequestedAt: null, reviewNote: null });
      await emitWebhookEvent(manager, WebhookEventType.COURSE_PUBLISHED, courseEventData(course));
    }
    const detail = { name: course.name, instructorId: course.instructorId };
    await recordAudit(manager, { viewer, address, action: AuditAction.APPROVE_COURSE_REVIEW, targetType: AuditTarget.COURSE, targetId: course.id, detail });
  });
  return db.getRepository(Course).findOneByOrFail({ id: course.id });
}

/** Sends a course back to its instructor as a draft, with the reason they will see (a reason that passed its rule). */
export async function rejectCourseReview(db: DataSource, viewer: Viewer, courseId: string, reason: string, address: string): Promise<Course> {
  requireRole(viewer, roles.admin);
  const note = reason.trim();
  const course = await courseInReview(db, courseId);
  await db.transaction(async (manager) => {
    await manager.getRepository(Course).update(course.id, { reviewRequestedAt: null, reviewNote: note });
    const detail = { name: course.name, reason: note };
    await recordAudit(manager, { viewer, address, action: AuditAction.REJECT_COURSE_REVIEW, targetType: AuditTarget.COURSE, targetId: course.id, detail });
  });
  return db.getRepository(Course).findOneByOrFail({ id: course.id });
}
