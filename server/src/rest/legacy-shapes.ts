import type { Blog } from '../modules/blog/blog.entity';
import type { Course } from '../modules/course/course.entity';
import type { CourseFigures } from '../modules/course/course-figures';
import type { Lesson } from '../modules/course/lesson.entity';
import type { Review } from '../modules/review/review.entity';
import { arrayOf, orNull, text, type JsonSchema } from '../shared/route-docs';

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

// The JSON Schemas of the shapes above, for the route descriptions (GET /openapi.json).
const nullableText = (description: string) => orNull(text(description));

export const legacyCourseSchema: JsonSchema = {
  type: 'object',
  description: 'A course as the old API answered it',
  required: [
    '_id',
    'id',
    'name',
    'price',
    'instructor',
    'instructorEmail',
    'photoURL',
    'description',
    'targetedPeoples',
    'whyNeed',
    'keyPoints',
    'ratings',
    'videos',
  ],
  properties: {
    _id: text('The course id again (the old MongoDB `_id`)'),
    id: { type: 'string', format: 'uuid', description: "The course's id" },
    name: text("The course's name"),
    price: { type: 'number', minimum: 0, description: 'The price in dollars (GraphQL has it in both currencies, as Money)' },
    instructor: text("The instructor's name"),
    instructorEmail: nullableText("The instructor's email as written on the course"),
    photoURL: nullableText("The cover picture's address"),
    description: text('What the course is about'),
    targetedPeoples: nullableText('Who it is for'),
    whyNeed: nullableText('Why take it'),
    keyPoints: arrayOf(text('A key point')),
    ratings: nullableText('"4.5 ratings out of 5", from its reviews; null when nobody rated it'),
    videos: {
      type: 'object',
      required: ['contents'],
      properties: {
        contents: arrayOf(
          {
            type: 'object',
            required: ['title', 'videoURL'],
            properties: {
              title: text("The lesson's title"),
              videoURL: nullableText('The video address; null unless the caller may watch it (enrolled, or a preview)'),
            },
          },
          'Its lessons, in order',
        ),
      },
    },
  },
};

export const legacySampleCourseSchema: JsonSchema = {
  type: 'object',
  description: "An entry of the old client's static sample list",
  required: ['_id', 'name', 'img', 'des', 'rating', 'price'],
  properties: {
    _id: text("The course's id"),
    name: text("The course's name"),
    img: nullableText("The cover picture's address"),
    des: text('What the course is about'),
    rating: nullableText('"4.5 ratings out of 5"; null when nobody rated it'),
    price: text('The price in dollars as text: "$ 12"'),
  },
};

export const legacyReviewSchema: JsonSchema = {
  type: 'object',
  required: ['_id', 'name', 'info', 'text', 'img'],
  properties: {
    _id: text("The review's id"),
    name: text("The reviewer's name"),
    info: nullableText('A line about the reviewer'),
    text: text('The review'),
    img: nullableText("The reviewer's picture"),
  },
};

export const legacyBlogSchema: JsonSchema = {
  type: 'object',
  required: ['_id', 'title', 'author', 'reads', 'description', 'img'],
  properties: {
    _id: text("The post's id"),
    title: text("The post's title"),
    author: text("The author's name"),
    reads: text('How often it was read, as text'),
    description: text('The post'),
    img: nullableText("The post's picture"),
  },
};
