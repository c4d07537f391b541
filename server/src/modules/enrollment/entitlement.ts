import type DataLoader from 'dataloader';
import type { Viewer } from '../../kernel/viewer';
import type { Course } from '../course/course.entity';
import type { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import { isAdmin, teaches } from '../auth/guards';

export interface EntitlementLoaders {
  courseById: DataLoader<string, Course | null>;
  ownedCourse: DataLoader<string, boolean>;
}

/**
 * Whether the viewer may watch a course's lesson videos: the enrolled student, the course's own
 * instructor, or an admin. Every path that hands out a video address asks this one function.
 */
export async function canWatchCourse(viewer: Viewer | null, courseId: string, loaders: EntitlementLoaders): Promise<boolean> {
  if (!viewer) return false;
  if (isAdmin(viewer)) return true;
  if (viewer.role === Role.INSTRUCTOR) {
    const course = await loaders.courseById.load(courseId);
    return course !== null && teaches(viewer, course);
  }
  return loaders.ownedCourse.load(courseId);
}

/** Whether the viewer may watch one lesson: a free preview is open to everyone, any other needs the course. */
export async function canWatchLesson(viewer: Viewer | null, lesson: Pick<Lesson, 'courseId' | 'preview'>, loaders: EntitlementLoaders): Promise<boolean> {
  return lesson.preview || canWatchCourse(viewer, lesson.courseId, loaders);
}
