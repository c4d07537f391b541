import type { Course } from './course.entity';

/** A course as webhook events tell it: what a partner's catalogue needs, never drafts' notes. */
export const courseEventData = (course: Pick<Course, 'id' | 'name' | 'price' | 'instructor' | 'category' | 'classLevel' | 'language' | 'photoURL'>) => ({
  courseId: course.id,
  name: course.name,
  price: Number(course.price),
  instructor: course.instructor,
  category: course.category,
  classLevel: course.classLevel,
  language: course.language,
  photoURL: course.photoURL,
});
