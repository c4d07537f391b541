import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericToNumber } from '../../shared/numeric';
import { CourseCategory, CourseLanguage } from './course.enums';
import { User } from '../user/user.entity';
import { deprecated } from '../../graphql/deprecations';

// Plain fields are read by graphql-js's own default resolver: none of them has a role check or
// middleware, and type-graphql's wrapper per field was a measurable share of a catalogue answer.
@ObjectType({ description: 'A course on sale in the catalogue', simpleResolvers: true })
@Entity('course')
@Check('course_price_not_negative', '"price" >= 0')
// A paid course always has a taka price, so it can never be sold for ৳0 (see isFreeCourse).
@Check('course_paid_has_taka_price', '"price" = 0 OR "priceBDT" > 0')
@Check('course_class_level_range', '"classLevel" IS NULL OR ("classLevel" BETWEEN 1 AND 12)')
@Check('course_quiz_pass_percent_range', '"quizPassPercent" IS NULL OR ("quizPassPercent" BETWEEN 1 AND 100)')
// Search index over name, instructor and description; declared in the migration (an expression index).
@Index('course_search_trgm', { synchronize: false })
// Listing indexes with sort order and filters TypeORM cannot declare: see the CatalogueListingIndexes migration.
@Index('course_newest', { synchronize: false })
@Index('course_newest_by_category', { synchronize: false })
@Index('course_newest_free', { synchronize: false })
@Index('course_newest_trending', { synchronize: false })
// Name indexes for the search tiers: see the SearchIndexes migration.
@Index('course_search_name_order', { synchronize: false })
@Index('course_search_name_trgm', { synchronize: false })
// The changes feed (courses(updatedSince)) reads in this order, from a cursor.
@Index('course_changes', ['updatedAt', 'id'])
export class Course {
  @Field(() => ID, { description: 'The course' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The course name, at most 150 characters' })
  @Column({ type: 'text' })
  name: string;

  @Field({ description: 'What the course is about, plain text, at most 5000 characters' })
  @Column({ type: 'text' })
  description: string;

  @Field(() => Float, { description: 'Price in dollars', deprecationReason: deprecated('Course.price') })
  @Column({ type: 'numeric', precision: 10, scale: 2, transformer: numericToNumber })
  price: number;

  /** Whole taka; 0 for a free course (free in both currencies). */
  @Field(() => Int, { description: 'Price in whole taka (0 for a free course)', deprecationReason: deprecated('Course.priceBDT') })
  @Column({ type: 'integer', default: 0 })
  priceBDT: number;

  @Field(() => String, { nullable: true, description: "The cover picture's address; null when the course has none" })
  @Column({ type: 'text', nullable: true })
  photoURL: string | null;

  /** The old platform's rating text, kept as imported; shown nowhere (ratings come from reviews). */
  @Field(() => String, {
    nullable: true,
    description: "The old platform's rating text, as imported; not computed from reviews",
    deprecationReason: deprecated('Course.ratings'),
  })
  @Column({ type: 'text', nullable: true })
  ratings: string | null;

  @Field({ description: "The instructor's name" })
  @Column({ type: 'text' })
  instructor: string;

  @Field(() => String, {
    nullable: true,
    description: "The instructor's email as written on the course; null when none. It proves nothing: who edits is the instructor's account",
  })
  @Column({ type: 'text', nullable: true })
  instructorEmail: string | null;

  /** The instructor's account, who may edit the course and see its students and revenue. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  instructorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'instructorId' })
  instructorUser?: User;

  @Field(() => [String], { description: 'What the learner gets, as short points: at most 20, each at most 200 characters' })
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  keyPoints: string[];

  @Field(() => String, { nullable: true, description: 'Who the course is for' })
  @Column({ type: 'text', nullable: true })
  targetedPeoples: string | null;

  @Field(() => String, { nullable: true, description: 'Why a learner needs the course' })
  @Column({ type: 'text', nullable: true })
  whyNeed: string | null;

  @Field(() => CourseCategory, { description: 'School (classes 1 to 12) or professional' })
  @Column({ type: 'enum', enum: CourseCategory, enumName: 'course_category' })
  @Index()
  category: CourseCategory;

  @Field(() => Int, { nullable: true, description: 'Class 1 to 12, for school courses' })
  @Column({ type: 'smallint', nullable: true })
  @Index()
  classLevel: number | null;

  @Field(() => CourseLanguage, { description: 'The language the course is taught in' })
  @Column({ type: 'enum', enum: CourseLanguage, enumName: 'course_language', default: CourseLanguage.EN })
  language: CourseLanguage;

  @Field({ description: 'Shown in the Trending Courses section' })
  @Column({ type: 'boolean', default: false })
  trending: boolean;

  @Field({ description: 'Drafts are seen only by their instructor and admins' })
  @Column({ type: 'boolean', default: true })
  published: boolean;

  /** Set when an instructor who is not yet approved publishes: the course waits for an admin ("In review"). */
  @Field(() => Date, { nullable: true, description: 'When the course was sent to admins for review; null when not in review' })
  @Column({ type: 'timestamptz', nullable: true })
  reviewRequestedAt: Date | null;

  /** Why an admin sent the course back from review, for its instructor; cleared when it is sent again. */
  @Field(() => String, { nullable: true, description: 'Why an admin sent this course back from review' })
  @Column({ type: 'text', nullable: true })
  reviewNote: string | null;

  @Field(() => Date, { nullable: true, description: 'For live courses: when the course starts' })
  @Column({ type: 'timestamptz', nullable: true })
  startsAt: Date | null;

  /**
   * The name and the searched text (name, instructor, description) in the form search compares
   * (search_text: search-text.ts), written by a trigger on every insert and update and read only by
   * search: see the SearchTextBangla migration.
   */
  @Column({ type: 'text', default: '', select: false, insert: false, update: false })
  searchName?: string;

  @Column({ type: 'text', default: '', select: false, insert: false, update: false })
  searchDocument?: string;

  @Field({ description: 'When the course was made (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Also set by a trigger on every update, whatever writes it (migration CourseAndEnrollmentChanges). */
  @Field({
    description:
      'When the course row last changed in any way, publishing included (ISO 8601): the order of courses(updatedSince); see contentUpdatedAt for its content',
  })
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * When the course was first put on sale, kept by a trigger (migration CourseAndEnrollmentChanges); null for a
   * course never published, which the changes feed never shows (a draft's text stays its author's).
   */
  @Column({ type: 'timestamptz', nullable: true, select: false, insert: false, update: false })
  firstPublishedAt?: Date | null;

  /** When the instructor last changed what the course teaches (its fields or lessons): the page's "Last updated". */
  @Field({ description: 'When the course content last changed (its details or lessons)' })
  @Column({ type: 'timestamptz', default: () => 'now()' })
  contentUpdatedAt: Date;

  /**
   * The share of a lesson quiz's questions (whole percent, 1 to 100) a student must answer correctly
   * for the lesson to count as completed, and so for the certificate; null: quizzes are practice only.
   */
  @Field(() => Int, {
    nullable: true,
    description:
      "The pass mark of the course's lesson quizzes, in whole percent (1 to 100): a lesson with a quiz counts as completed only once it is passed; null: quizzes are practice only",
  })
  @Column({ type: 'smallint', nullable: true })
  quizPassPercent: number | null;

  /** The subject of the syllabus it teaches (modules/practice/syllabus.ts), which search and the catalogue use. */
  @Field(() => ID, { nullable: true, description: 'The subject it teaches, such as "physics"' })
  @Column({ type: 'text', nullable: true })
  @Index()
  subjectId: string | null;
}
