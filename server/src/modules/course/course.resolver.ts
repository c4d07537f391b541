import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Info, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../kernel/context';
import { CursorPageOf, toPage } from '../../graphql/page';
import { PageArgs } from '../../graphql/page-args';
import { selectedFieldNames } from '../../graphql/selected-fields';
import { Money } from '../../graphql/money';
import { coursePrice, isFreeCourse } from '../../shared/money';
import { Course } from './course.entity';
import { CourseCategory, CourseLanguage, HomeSection } from './course.enums';
import { isUuid } from '../../shared/validation';
import {
  findCourse,
  listCourseChanges,
  listCourses,
  type PartialCourse,
  readCatalogueFigures,
  recommendCourses,
  SEARCH_DEFAULT_LIMIT,
  searchCoursePage,
  searchCourses,
  suggestCourses,
} from './course.service';
import { Lesson } from './lesson.entity';
import { canWatchCourse, canWatchLesson } from '../enrollment/entitlement';
import { totalDurationSeconds } from './lesson.service';
import { deprecated } from '../../graphql/deprecations';

/** Fields computed from a course's columns: the columns they need are read when any of them is asked. */
const DERIVED_FIELDS: Record<string, readonly string[]> = { isFree: ['price', 'priceBDT'], priceTaka: ['priceBDT'], priceUsd: ['price'] };

/** The course properties a query reads, with the columns behind its computed fields. */
function courseFields(info: GraphQLResolveInfo, path: readonly string[] = []): Set<string> {
  const fields = selectedFieldNames(info, path);
  for (const [field, columns] of Object.entries(DERIVED_FIELDS)) if (fields.has(field)) columns.forEach((column) => fields.add(column));
  return fields;
}

@ObjectType({ description: 'A page of courses' })
class CoursePage extends CursorPageOf(
  Course,
  'For courses(updatedSince, after) only: pass as `after` (with the same filter) for the courses changed after this page’s last one; null when this page is empty (keep the last one and ask again later) and for any other list',
) {}

@ObjectType({ description: "The home page's figures, counted from the data now" })
class CatalogueFigures {
  @Field(() => Int, { description: 'Courses the catalogue shows (published)' })
  courses: number;

  @Field(() => Int, { description: 'Accounts with the student role' })
  students: number;

  @Field(() => Int, { description: 'Distinct instructors of the courses the catalogue shows' })
  instructors: number;
}

@ArgsType()
class CoursesArgs extends PageArgs {
  @Field(() => HomeSection, { nullable: true, description: 'Only the courses of one home page section' })
  section?: HomeSection | null;

  @Field(() => CourseCategory, { nullable: true, description: 'Only the courses of one category' })
  category?: CourseCategory | null;

  @Field(() => Int, { nullable: true, description: 'Only the courses of one class, 1 to 12' })
  classLevel?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only free courses; false: only paid ones' })
  free?: boolean | null;

  @Field(() => CourseLanguage, { nullable: true, description: 'Only the courses taught in this language' })
  language?: CourseLanguage | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'The changes feed (admins and API keys with catalog:read): every course changed at or after this time, in (updatedAt, id) order, those taken off sale as tombstones (published: false), instead of the catalogue newest first',
  })
  updatedSince?: Date | null;

  @Field(() => String, { nullable: true, description: 'An endCursor of an earlier page of the changes feed: the courses changed after its last one' })
  after?: string | null;
}

@ArgsType()
class CourseSearchArgs {
  @Field({ description: 'The words to find, at most 100 characters; every word must match (misspelt words find close ones when nothing matches exactly)' })
  text: string;

  @Field(() => Int, { defaultValue: 0, description: 'How many matches to skip, 0 to 100000' })
  offset: number;

  @Field(() => Int, { defaultValue: SEARCH_DEFAULT_LIMIT, description: 'Page size, at most 50' })
  limit: number;

  @Field(() => CourseLanguage, { nullable: true, description: 'Only the courses taught in this language' })
  language?: CourseLanguage | null;
}

@Resolver(() => Course)
export class CourseResolver {
  @Query(() => CoursePage, {
    description:
      'Published courses, newest first, filtered and paged; with updatedSince or after, the changes feed of the catalogue for a server that keeps a copy (admins and API keys with catalog:read)',
  })
  async courses(@Args(() => CoursesArgs) args: CoursesArgs, @Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<CoursePage> {
    const fields = courseFields(info, ['items']);
    const page =
      args.updatedSince || args.after
        ? await listCourseChanges(ctx.db, { viewer: ctx.viewer, apiKey: ctx.apiKey }, args, args, fields)
        : await listCourses(ctx.db, args, args, fields);
    return toPage(CoursePage, page);
  }

  @Query(() => Course, { nullable: true, description: 'A published course; one taken off sale only for those who may still watch it' })
  async course(@Arg('id', () => ID, { description: 'The course' }) id: string, @Ctx() ctx: GraphQLContext): Promise<Course | null> {
    const published = await findCourse(ctx.db, id);
    if (published || !isUuid(id)) return published;
    // Unpublishing hides a course from the catalogue and new buyers only: its students keep learning.
    return (await canWatchCourse(ctx.viewer, id, ctx.loaders)) ? ctx.loaders.courseById.load(id) : null;
  }

  @Query(() => CoursePage, {
    description:
      'Published courses whose name, instructor or description match every word, best first (names starting with the text, names holding it, then the rest), a page at a time (at most 50 a page)',
  })
  async courseSearch(@Args(() => CourseSearchArgs) args: CourseSearchArgs, @Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<CoursePage> {
    const page = await searchCoursePage(ctx.db, args.text, args, selectedFieldNames(info, ['items']), args.language);
    return toPage(CoursePage, page);
  }

  @Query(() => [Course], {
    description: 'The first page of courseSearch as a plain list (at most 50)',
    deprecationReason: deprecated('Query.searchCourses'),
  })
  searchCourses(
    @Arg('text', { description: 'The words to find, at most 100 characters' }) text: string,
    @Arg('limit', () => Int, { defaultValue: SEARCH_DEFAULT_LIMIT, description: 'How many, at most 50' }) limit: number,
    @Arg('language', () => CourseLanguage, { nullable: true, description: 'Only the courses taught in this language' }) language: CourseLanguage | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PartialCourse[]> {
    return searchCourses(ctx.db, text, limit, courseFields(info), language);
  }

  @Query(() => [Course], { description: 'Published courses whose names are close to the text, closest first: for a search that found nothing' })
  similarCourses(
    @Arg('text', { description: 'The search text that found nothing, at most 100 characters' }) text: string,
    @Arg('limit', () => Int, { defaultValue: 3, description: 'How many, 1 to 5' }) limit: number,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PartialCourse[]> {
    return suggestCourses(ctx.db, text, limit, courseFields(info));
  }

  @Query(() => [Course], {
    description:
      "Courses to suggest. For a signed-in student, ones they do not own that fit what they study: their classes' courses, then courses close to theirs by name (subject), kind and language; otherwise trending, newest",
  })
  recommendedCourses(
    @Arg('limit', () => Int, { defaultValue: 4, description: 'How many, 1 to 12' }) limit: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Course[]> {
    const language = ctx.language === 'bn' ? CourseLanguage.BN : CourseLanguage.EN;
    return recommendCourses(ctx.db, ctx.viewer?.id ?? null, limit, language);
  }

  @Query(() => CatalogueFigures, { description: "The home page's figures: published courses, students and instructors, counted now" })
  catalogueFigures(@Ctx() ctx: GraphQLContext): Promise<CatalogueFigures> {
    return readCatalogueFigures(ctx.db);
  }

  @FieldResolver(() => Boolean, { description: 'Free in both currencies; a paid course always has a taka price' })
  isFree(@Root() course: Course): boolean {
    return isFreeCourse(course);
  }

  @FieldResolver(() => Money, { description: 'The price in taka, paid with bKash, Nagad, Rocket or a local card (0 for a free course)' })
  priceTaka(@Root() course: Course): Money {
    return coursePrice(course, 'bdt');
  }

  @FieldResolver(() => Money, { description: 'The price in dollars, paid by international card; 0 for a free course or one sold in taka only' })
  priceUsd(@Root() course: Course): Money {
    return coursePrice(course, 'usd');
  }

  @FieldResolver(() => [Lesson], { description: 'Its lessons, in order (video addresses only for those who may watch)' })
  lessons(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<Lesson[]> {
    return ctx.loaders.lessonsByCourse.load(course.id);
  }

  @FieldResolver(() => Int, { description: 'How many lessons it has' })
  async lessonCount(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.lessonsByCourse.load(course.id)).length;
  }

  @FieldResolver(() => Int, { nullable: true, description: "The lessons' total video length in seconds; null unless every lesson's length is known" })
  async totalDurationSeconds(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number | null> {
    return totalDurationSeconds(await ctx.loaders.lessonsByCourse.load(course.id));
  }

  @FieldResolver(() => Lesson, { nullable: true, description: 'The first free preview lesson, if the course has one' })
  async firstPreviewLesson(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<Lesson | null> {
    return (await ctx.loaders.lessonsByCourse.load(course.id)).find((lesson) => lesson.preview) ?? null;
  }

  @FieldResolver(() => Int, { description: 'How many students are enrolled now (refunded ones not counted)' })
  async enrolledCount(@Root() course: Course, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.courseFigures.load(course.id)).enrolled;
  }
}

@Resolver(() => Lesson)
export class LessonResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'For free previews, anyone; otherwise only the enrolled student, the course instructor and admins',
  })
  async videoURL(@Root() lesson: Lesson, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await canWatchLesson(ctx.viewer, lesson, ctx.loaders)) ? lesson.videoURL : null;
  }
}
