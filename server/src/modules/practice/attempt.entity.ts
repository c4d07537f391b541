import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numericToNumber } from '../../shared/numeric';

/**
 * One student's sitting of a model test. The deadline is fixed when it starts; the result columns
 * are written once, when it is submitted (by the student, or by the server at the deadline).
 */
@ObjectType({ description: "A student's sitting of a model test" })
@Entity('attempt')
// At most one unfinished attempt per student and test: a second start returns the first.
@Index('attempt_one_open', ['testId', 'userId'], { unique: true, where: '"submittedAt" IS NULL' })
@Index('attempt_ranking', ['testId', 'score', 'durationSeconds'], { where: '"submittedAt" IS NOT NULL' })
@Index('attempt_user', ['userId', 'startedAt'])
export class Attempt {
  @Field(() => ID, { description: 'The attempt' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The model test' })
  @Column({ type: 'uuid' })
  testId: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Field({ description: 'When it started' })
  @CreateDateColumn({ type: 'timestamptz' })
  startedAt: Date;

  @Field({ description: "When it ends, by the server's clock: answers after it are refused" })
  @Column({ type: 'timestamptz' })
  deadline: Date;

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
