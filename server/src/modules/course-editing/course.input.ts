import { ArrayMaxSize, ArrayMinSize, IsOptional, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { DEFAULT_USD_TO_BDT, proposeDollarPrice, proposeTakaPrice } from '../../shared/money';
import { optionalText, optionalWebAddress, optionalWholeNumber, requiredText, Rule, type Check } from '../../shared/validation';
import { validationMessages as m } from '../../shared/validation-messages';
import { CourseCategory, CourseLanguage } from '../course/course.enums';

export const MAX_LESSONS = 200;
export const MAX_PRICE = 10_000;
export const MAX_TAKA_PRICE = 2_000_000;
export const MAX_KEY_POINTS = 20;
const MAX_LESSON_SECONDS = 24 * 3600;
/** The most characters of each text of a course. */
export const COURSE_TEXT_LIMITS = { name: 150, description: 5000, keyPoint: 200, targetedPeoples: 2000, whyNeed: 2000, lessonTitle: 200 } as const;

/** Whole cents: 19.99 and 4.35 are, though 19.99 * 100 is 1998.9999999999998 in floating point. */
const wholeCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

/** Left out, the dollar price is proposed from the taka price; one of the two is needed. */
const dollarPrice: Check = function price(value, course) {
  if (value === null || value === undefined) return course.priceBDT === null || course.priceBDT === undefined ? m.giveAPrice : null;
  const price = typeof value === 'number' ? value : NaN;
  return Number.isFinite(price) && price >= 0 && price <= MAX_PRICE && wholeCents(price) ? null : m.coursePrice(MAX_PRICE);
};

/** Left out, the taka price is proposed from the dollar price; a free course is free in both. */
const takaPrice: Check = function priceBDT(value, course) {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_TAKA_PRICE) return m.takaPrice(MAX_TAKA_PRICE);
  const dollarsGiven = course.price !== null && course.price !== undefined;
  if (dollarsGiven && dollarPrice(course.price, course) === null && (value === 0) !== (course.price === 0)) return m.freeInBothCurrencies;
  return null;
};

const classLevel: Check = function classLevel(value, course) {
  if (course.category === CourseCategory.SCHOOL && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 12)) return m.schoolClass;
  if (course.category === CourseCategory.PROFESSIONAL && value !== null && value !== undefined) return m.noClassForProfessional;
  return null;
};

const keyPoints: Check = function keyPoints(value) {
  const points = Array.isArray(value) ? value.filter((point) => typeof point === 'string' && point.trim()) : [];
  return points.length > MAX_KEY_POINTS || points.some((point: string) => point.trim().length > COURSE_TEXT_LIMITS.keyPoint)
    ? m.keyPoints(MAX_KEY_POINTS, COURSE_TEXT_LIMITS.keyPoint)
    : null;
};

@InputType({ description: 'One lesson, in order; give the id of a lesson that exists to keep it (and its progress)' })
export class LessonInput {
  @Field(() => ID, { nullable: true, description: 'A lesson of this course to keep; left out for a new lesson' }) id?: string | null;

  @Field(() => String, { description: 'The lesson title, 1 to 200 characters' })
  @Rule(requiredText('Lesson {n}: the title', COURSE_TEXT_LIMITS.lessonTitle, m.lessonTitle))
  title: string;

  @Field(() => String, { nullable: true, description: 'Left out or empty: the lesson gets an uploaded video instead, once it is saved' })
  @Rule(optionalWebAddress('Lesson {n}: the video URL'))
  videoURL?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'A free preview anyone may watch' }) preview?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Length of the video in seconds, if known' })
  @Rule(optionalWholeNumber(m.lessonLength, 1, MAX_LESSON_SECONDS))
  durationSeconds?: number | null;
}

/** Used by GraphQL's createCourse and updateCourse and the old POST /api/courses alike. */
@InputType({ description: 'Every field of a course an instructor writes' })
export class CourseInput {
  @Field(() => String, { description: 'The course name, 1 to 150 characters' })
  @Rule(requiredText('Name', COURSE_TEXT_LIMITS.name))
  name: string;

  @Field(() => String, { description: 'What the course is about, plain text, 1 to 5000 characters' })
  @Rule(requiredText('Description', COURSE_TEXT_LIMITS.description))
  description: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Whole taka, for bKash, Nagad, Rocket and local cards; left out, proposed from the dollar price at USD_TO_BDT',
  })
  @Rule(takaPrice)
  priceBDT?: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'Dollars, for international cards; left out, proposed from the taka price at USD_TO_BDT. One of the two prices is needed',
  })
  @Rule(dollarPrice)
  price?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "The cover picture's address (http, https, or a path on this site starting with /), at most 2048 characters; left out or empty for none",
  })
  @Rule(optionalWebAddress('Photo URL'))
  photoURL?: string | null;

  @Field(() => CourseCategory, { description: 'School or professional' })
  @Rule((value) => (value ? null : m.chooseCategory))
  category: CourseCategory;

  @Field(() => Int, { nullable: true, description: 'For a SCHOOL course, its class, 1 to 12 (required); must be left out for a PROFESSIONAL one' })
  @Rule(classLevel)
  classLevel?: number | null;

  @Field(() => CourseLanguage, {
    nullable: true,
    description: 'The language the course is taught in; left out, English for a new course and unchanged for an edit',
  })
  language?: CourseLanguage | null;

  @Field(() => [String], { nullable: true, description: 'What the learner gets: at most 20 points, each at most 200 characters; blank ones are dropped' })
  @Rule(keyPoints)
  keyPoints?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Who the course is for, at most 2000 characters' })
  @Rule(optionalText('Who the course is for', COURSE_TEXT_LIMITS.targetedPeoples))
  targetedPeoples?: string | null;

  @Field(() => String, { nullable: true, description: 'Why learners need it, at most 2000 characters' })
  @Rule(optionalText('Why learners need it', COURSE_TEXT_LIMITS.whyNeed))
  whyNeed?: string | null;

  @Field(() => Date, { nullable: true, description: 'For a live course, when it starts (ISO 8601); the refund policy counts from it' })
  @IsOptional()
  startsAt?: Date | null;

  @Field(() => [LessonInput], { description: 'Every lesson, in order: 1 to 200; a lesson left out of an edit is removed' })
  @ArrayMinSize(1, { message: m.atLeastOneLesson })
  @ArrayMaxSize(MAX_LESSONS, { message: m.atMostLessons(MAX_LESSONS) })
  @ValidateNested({ each: true })
  lessons: LessonInput[];
}

export interface ValidLesson {
  title: string;
  videoURL: string | null;
  preview: boolean;
  durationSeconds: number | null;
}

export interface ValidCourse {
  name: string;
  description: string;
  price: number;
  priceBDT: number;
  photoURL: string | null;
  category: CourseCategory;
  classLevel: number | null;
  language: CourseLanguage;
  keyPoints: string[];
  targetedPeoples: string | null;
  whyNeed: string | null;
  startsAt: Date | null;
  lessons: ValidLesson[];
}

// NFC, so that the same Bangla text typed on two keyboards is stored alike.
const text = (value: string | null | undefined) => value?.trim().normalize('NFC') ?? '';

/** A course that passed CourseInput's rules, as stored: trimmed, blanks as null, the taka price proposed when left out. */
export function normalizeCourse(input: CourseInput, usdToBdt = DEFAULT_USD_TO_BDT, currentLanguage = CourseLanguage.EN): ValidCourse {
  return {
    name: text(input.name),
    description: text(input.description),
    price: input.price ?? proposeDollarPrice(input.priceBDT ?? 0, usdToBdt),
    priceBDT: input.priceBDT ?? proposeTakaPrice(input.price ?? 0, usdToBdt),
    photoURL: text(input.photoURL) || null,
    category: input.category,
    classLevel: input.category === CourseCategory.SCHOOL ? (input.classLevel ?? null) : null,
    language: input.language ?? currentLanguage,
    keyPoints: (input.keyPoints ?? []).map((point) => text(point)).filter(Boolean),
    targetedPeoples: text(input.targetedPeoples) || null,
    whyNeed: text(input.whyNeed) || null,
    startsAt: input.startsAt ?? null,
    lessons: input.lessons.map((lesson) => ({
      title: text(lesson.title),
      // Empty: the lesson's video is uploaded instead (from the course editor, once the lesson is saved).
      videoURL: text(lesson.videoURL) || null,
      preview: lesson.preview ?? false,
      durationSeconds: lesson.durationSeconds ?? null,
    })),
  };
}
