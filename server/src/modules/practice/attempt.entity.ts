import { Field, ID, ObjectType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numericToNumber } from '../../shared/numeric';

/**
 * One student's sitting of a model test, or of a practice set they made themselves. A model test's
 * deadline is fixed when it starts; a practice set has none. The result columns are written once,
 * when it is submitted (by the student, or by the server at the deadline).
 */
@ObjectType({ description: "A student's sitting of a model test, or of a practice set (no deadline, no rank)" })
@Entity('attempt')
@Check('attempt_test_or_practice', '("testId" IS NULL) <> ("practiceSetId" IS NULL)')
@Check('attempt_test_deadline', '"testId" IS NULL OR "deadline" IS NOT NULL')
// At most one unfinished attempt per student and test: a second start returns the first.
@Index('attempt_one_open', ['testId', 'userId'], { unique: true, where: '"submittedAt" IS NULL' })
@Index('attempt_ranking', ['testId', 'score', 'durationSeconds'], { where: '"submittedAt" IS NOT NULL' })
@Index('attempt_user', ['userId', 'startedAt'])
export class Attempt {
  @Field(() => ID, { description: 'The attempt' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { nullable: true, description: 'The model test; null for a practice set' })
  @Column({ type: 'uuid', nullable: true })
  testId: string | null;

  /** The practice set sat, for a practice attempt; null for a model test. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  practiceSetId: string | null;

  @Column({ type: 'uuid' })
  userId: string;

  @Field({ description: 'When it started' })
  @CreateDateColumn({ type: 'timestamptz' })
  startedAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: "When it ends, by the server's clock: answers after it are refused; null for a practice set, which has no time limit",
  })
  @Column({ type: 'timestamptz', nullable: true })
  deadline: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was submitted; null while it is going on' })
  @Column({ type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  /** The question ids in this attempt's shuffled order. */
  @Column({ type: 'uuid', array: true })
  questionOrder: string[];

  /** Each question's option ids in this attempt's shuffled order. */
  @Column({ type: 'jsonb' })
  optionOrder: Record<string, string[]>;

  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true, transformer: numericToNumber })
  score: number | null;

  @Column({ type: 'int', nullable: true })
  correct: number | null;

  @Column({ type: 'int', nullable: true })
  wrong: number | null;

  @Column({ type: 'int', nullable: true })
  skipped: number | null;

  /** Seconds from the start to the submission: ties in rank go to the quicker. */
  @Column({ type: 'int', nullable: true })
  durationSeconds: number | null;
}

/** The option a student chose for one question of an attempt; choosing again replaces it. */
@Entity('attempt_answer')
export class AttemptAnswer {
  @PrimaryColumn({ type: 'uuid' })
  attemptId: string;

  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  @Column({ type: 'uuid' })
  optionId: string;

  /** When it reached the server. */
  @CreateDateColumn({ type: 'timestamptz' })
  answeredAt: Date;

  /** When the student chose it, by the server's clock as the page knew it (never after answeredAt): an answer chosen before the deadline counts within the grace window. */
  @Column({ type: 'timestamptz', nullable: true })
  chosenAt: Date | null;
}
