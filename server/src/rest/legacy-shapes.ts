import type { Blog } from '../modules/blog/blog.entity';
import type { Course } from '../modules/course/course.entity';
import type { CourseFigures } from '../modules/course/course-figures';
import type { Lesson } from '../modules/course/lesson.entity';
import type { Review } from '../modules/review/review.entity';

/**
 * The old rating text ("4.5 ratings out of 5"), written from the course's reviews (their average and
 * count, as every page shows them); null for a course nobody has rated.
 */
export function legacyRatingText({ averageRating }: Pick<CourseFigures, 'averageRating'>): string | null {
  return averageRating === null ? null : `${averageRating} ratings out of 5`;
}

/** The course document the old API answered with (`id` is the course id; `_id` repeats it). */
export function toLegacyCourse(
  course: Course,
  lessons: Lesson[],
  videoURLOf: (lesson: Lesson) => string | null,
  figures: Pick<CourseFigures, 'averageRating'>,
) {
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
    ratings: legacyRatingText(figures),
    videos: { contents: lessons.map((lesson) => ({ title: lesson.title, videoURL: videoURLOf(lesson) })) },
  };
}

/** The entry shape of the old static sample list, Course.json. */
export function toLegacySampleCourse(course: Course, figures: Pick<CourseFigures, 'averageRating'>) {
  return {
    _id: course.id,
    name: course.name,
    img: course.photoURL,
    des: course.description,
    rating: legacyRatingText(figures),
    price: `$ ${course.price}`,
  };
}

export function toLegacyReview(review: Review) {
  return { _id: review.id, name: review.name, info: review.info, text: review.text, img: review.img };
}

export function toLegacyBlog(blog: Blog) {
  return {
    _id: blog.id,
    title: blog.title,
    author: blog.author,
    reads: String(blog.reads),
    description: blog.description,
    img: blog.img,
  };
}
