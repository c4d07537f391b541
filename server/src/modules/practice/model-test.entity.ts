import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numericToNumber } from '../../shared/numeric';

/** When students see the correct options and explanations of their finished attempts. */
export enum ReviewPolicy {
  AFTER_SUBMIT = 'AFTER_SUBMIT',
  AFTER_CLOSE = 'AFTER_CLOSE',
}

registerEnumType(ReviewPolicy, {
  name: 'ReviewPolicy',
  description: 'When students see the correct options and explanations: a test with a closing time always after it closes',
  valuesConfig: {
    AFTER_SUBMIT: { description: 'As soon as the student submits (an any-time test only)' },
    AFTER_CLOSE: { description: 'Once the test has closed and its grace window has passed' },
  },
});

export const DEFAULT_GRACE_SECONDS = 120;
export const MAX_GRACE_SECONDS = 600;

@ObjectType({ description: 'A timed model test: questions from the bank, a duration, optional negative marking and a pass mark' })
@Entity('model_test')
@Check('model_test_duration', '"durationMinutes" BETWEEN 1 AND 600')
@Check('model_test_negative_mark', '"negativeMark" >= 0 AND "negativeMark" <= 1')
@Check('model_test_grace', '"graceSeconds" BETWEEN 0 AND 600')
@Check('model_test_questions_per_attempt', '"questionsPerAttempt" IS NULL OR "questionsPerAttempt" >= 1')
@Check('model_test_window', '"opensAt" IS NULL OR "closesAt" IS NULL OR "opensAt" < "closesAt"')
@Index('model_test_listing', ['published', 'classLevel', 'subjectId'])
export class ModelTest {
  @Field(() => ID, { description: 'The test' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The title, in the language of the test' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'What the test covers' })
  @Column({ type: 'text', default: '' })
  description: string;

  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests' })
  @Column({ type: 'smallint' })
  classLevel: number;

  @Field(() => ID, { description: 'The subject' })
  @Column({ type: 'text' })
  subjectId: string;

  @Field(() => ID, { nullable: true, description: 'The course it belongs to; its students may take it unless it is free' })
  @Index()
  @Column({ type: 'uuid', nullable: true })
  courseId: string | null;

  @Field({ description: 'Open to any signed-in student; otherwise only to students enrolled in its course' })
  @Column({ type: 'boolean', default: false })
  free: boolean;

  @Field(() => Int, { description: 'Minutes a student has from starting' })
  @Column({ type: 'int' })
  durationMinutes: number;

  @Field(() => Float, { description: 'Marks taken off per wrong answer (0 for none, 0.25 in admission tests); each correct answer is worth 1' })
  @Column({ type: 'numeric', precision: 4, scale: 2, default: 0, transformer: numericToNumber })
  negativeMark: number;

  @Field(() => Float, { description: 'The score needed to pass' })
  @Column({ type: 'numeric', precision: 6, scale: 2, default: 0, transformer: numericToNumber })
  passMark: number;

  @Field(() => Date, { nullable: true, description: 'When it may first be started; null: any time' })
  @Column({ type: 'timestamptz', nullable: true })
  opensAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it closes: attempts end then at the latest; null: never' })
  @Column({ type: 'timestamptz', nullable: true })
  closesAt: Date | null;

  @Field(() => ReviewPolicy, {
    description: 'When students see the correct options and explanations; a test with a closing time shows them only after it closes (and its grace window)',
  })
  @Column({ type: 'text', default: ReviewPolicy.AFTER_SUBMIT })
  reviewAfter: ReviewPolicy;

  @Field(() => Int, {
    description: 'Seconds after the deadline in which an answer chosen before it, but held back by the network, still counts (0 for a strict live exam)',
  })
  @Column({ type: 'int', default: DEFAULT_GRACE_SECONDS })
  graceSeconds: number;

  @Field(() => Int, { nullable: true, description: 'How many of its questions each attempt draws at random; null: all of them' })
  @Column({ type: 'int', nullable: true })
  questionsPerAttempt: number | null;

  @Field({ description: 'Students see only published tests' })
  @Column({ type: 'boolean', default: false })
  published: boolean;

  /** Who wrote it. */
  @Column({ type: 'uuid', nullable: true })
  authorId: string | null;

  @Field({ description: 'When the test was written' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** The questions of a model test, in the author's order (each attempt shuffles them). */
@Entity('model_test_question')
@Index('model_test_question_question', ['questionId'])
export class ModelTestQuestion {
  @PrimaryColumn({ type: 'uuid' })
  testId: string;

  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  @Column({ type: 'int' })
  position: number;
}
