import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { entityReader } from '../../db/entity-reader';
import type { Viewer } from '../../kernel/viewer';
import { createCourseByIdLoader } from '../course/course.service';
import { createOwnedCourseLoader } from '../enrollment/enrollment.service';
import { canWatchLesson } from '../enrollment/entitlement';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { isAnonymousGrant, type StreamGrant } from './stream-signature';

export interface LessonVideos {
  /** The newest upload, whatever its state (what the instructor sees). */
  latest: LessonVideo | null;
  /** The newest ready one (what students watch). */
  ready: LessonVideo | null;
}

/** The uploads of every lesson a request touches, in one query. */
export function createLessonVideosLoader(db: DataSource): DataLoader<string, LessonVideos> {
  return new DataLoader(async (lessonIds: readonly string[]) => {
    const reader = entityReader(db, LessonVideo);
    const rows = await reader.many(`SELECT ${reader.selectList} FROM lesson_video WHERE "lessonId" = ANY($1) ORDER BY "createdAt" DESC`, [[...lessonIds]]);
    return lessonIds.map((id) => {
      const mine = rows.filter((row) => row.lessonId === id);
      return { latest: mine[0] ?? null, ready: mine.find((row) => row.status === VideoStatus.READY) ?? null };
    });
  });
}

/**
 * Whether a verified grant still holds now: the video is still the lesson's, and the viewer may still
 * watch the lesson by the one entitlement rule (so a refund or role change ends access at once).
 */
export async function grantStillHolds(db: DataSource, grant: StreamGrant): Promise<boolean> {
  const [lesson] = await db.query<Array<{ courseId: string; preview: boolean }>>(
    `SELECT l."courseId", l.preview FROM lesson_video v JOIN lesson l ON l.id = v."lessonId" WHERE v.id = $1 AND v."lessonId" = $2 AND v.status = 'ready'`,
    [grant.videoId, grant.lessonId],
  );
  if (!lesson) return false;
  if (isAnonymousGrant(grant)) return lesson.preview;
  const [viewer] = await db.query<Viewer[]>(`SELECT id, role, email, name FROM "user" WHERE id = $1 AND "deletedAt" IS NULL`, [grant.viewerId]);
  if (!viewer) return false;
  return canWatchLesson(viewer, lesson, { courseById: createCourseByIdLoader(db), ownedCourse: createOwnedCourseLoader(db, viewer) });
}
