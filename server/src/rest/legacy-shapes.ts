import type { Blog } from '../modules/blog/blog.entity';
import type { Course } from '../modules/course/course.entity';
import type { Lesson } from '../modules/course/lesson.entity';
import type { Review } from '../modules/review/review.entity';

/** The course document the old API answered with (`id` is the course id; `_id` repeats it). */
export function toLegacyCourse(course: Course, lessons: Lesson[], videoURLOf: (lesson: Lesson) => string | null) {
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
    ratings: course.ratings,
    videos: { contents: lessons.map((lesson) => ({ title: lesson.title, videoURL: videoURLOf(lesson) })) },
  };
}

/** The entry shape of the old static sample list, Course.json. */
export function toLegacySampleCourse(course: Course) {
  return {
    _id: course.id,
    name: course.name,
    img: course.photoURL,
    des: course.description,
    rating: course.ratings,
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
