import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Lesson } from '../course/lesson.entity';
import { User } from '../user/user.entity';

/** A student's question to the instructor under a lesson: seen by the course's students, answered by its instructor. */
@ObjectType({ description: 'A student’s question to the instructor under a lesson' })
@Entity('lesson_question')
@Index('lesson_question_lesson_newest', ['lessonId', 'createdAt'])
@Index('lesson_question_not_noticed', ['courseId'], { where: '"noticedAt" IS NULL' })
export class LessonQuestion {
  @Field(() => ID, { description: 'The question' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'Its lesson' })
  @Column({ type: 'uuid' })
  lessonId: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @Field(() => ID, { description: 'Its lesson’s course' })
  @Column({ type: 'uuid' })
  courseId: string;

  @Column({ type: 'uuid' })
  askerId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'askerId' })
  asker?: User;

  @Field({ description: 'Its text, at most 2000 characters; formulas between $…$' })
  @Column({ type: 'text' })
  text: string;

  /** The picture asked with the text (PNG, JPEG or WebP by its content, at most 1 MB); not read with the row. */
  @Column({ type: 'bytea', nullable: true, select: false })
  picture?: Buffer | null;

  /** The picture's media type; null without a picture. */
  @Column({ type: 'text', nullable: true })
  pictureType: string | null;

  /** A digest of the picture's bytes, in its address. */
  @Column({ type: 'text', nullable: true })
  pictureDigest: string | null;

  @Field({ description: 'Pinned by the instructor: shown first' })
  @Column({ type: 'boolean', default: false })
  pinned: boolean;

  @Field({ description: 'Hidden by the instructor or an admin: seen only by them and its asker' })
  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Field(() => Int, { description: 'How many students upvoted it' })
  @Column({ type: 'int', default: 0 })
  upvotes: number;

  /** When the instructor's notice of new questions took it in (modules/lesson-qa/lesson-qa-notices.ts); null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  noticedAt: Date | null;

  @Field({ description: 'When it was asked' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // Read with the question, for the viewer (lesson-qa.service.ts `viewsOf`).
  @Field({ description: 'Who asked it' })
  askerName: string;

  @Field({ description: 'Asked by the signed-in person' })
  askedByMe: boolean;

  @Field({ description: 'Upvoted by the signed-in student' })
  upvotedByMe: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The address of the picture asked with it (for those who may read the question), changing with its content; null without one',
  })
  pictureURL: string | null;

  @Field(() => [LessonAnswer], { description: 'Its answers, oldest first' })
  answers: LessonAnswer[];
}

/** An answer to a lesson question: the course's instructor's, marked as theirs. */
@ObjectType({ description: 'An answer to a question under a lesson' })
@Entity('lesson_answer')
@Index('lesson_answer_question', ['questionId', 'createdAt'])
export class LessonAnswer {
  @Field(() => ID, { description: 'The answer' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The question it answers' })
  @Column({ type: 'uuid' })
  questionId: string;

  @ManyToOne(() => LessonQuestion, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'questionId' })
  question?: LessonQuestion;

  @Column({ type: 'uuid' })
  authorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'authorId' })
  author?: User;

  @Field({ description: 'Its text, at most 2000 characters; formulas between $…$' })
  @Column({ type: 'text' })
  text: string;

  @Field({ description: 'Written by the course’s instructor (shown as the instructor’s answer)' })
  @Column({ type: 'boolean' })
  byInstructor: boolean;

  @Field({ description: 'When it was written' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Read with the answer (the author's account name now). */
  @Field({ description: 'Who wrote it' })
  authorName: string;
}

/** One student's upvote of one question: at most one each (the primary key). */
@Entity('lesson_question_vote')
export class LessonQuestionVote {
  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  @ManyToOne(() => LessonQuestion, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'questionId' })
  question?: LessonQuestion;

  @PrimaryColumn({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/**
 * An instructor's notice of new questions: `dueAt` is when the notice waiting to go out is sent (its
 * job written for then), null when none waits; at most one waits, so notices come at most once an hour.
 */
@Entity('lesson_question_notice')
export class LessonQuestionNotice {
  @PrimaryColumn({ type: 'uuid' })
  instructorId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'instructorId' })
  instructor?: User;

  @Column({ type: 'timestamptz', nullable: true })
  dueAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastSentAt: Date | null;
}
