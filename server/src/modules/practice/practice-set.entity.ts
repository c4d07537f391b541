import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Difficulty } from './question.entity';

/** Where a practice set's questions came from. */
export enum PracticeSource {
  CHAPTERS = 'CHAPTERS',
  WRONG_ANSWERS = 'WRONG_ANSWERS',
  SAVED = 'SAVED',
}

registerEnumType(PracticeSource, {
  name: 'PracticeSource',
  description: "Where a practice set's questions came from",
  valuesConfig: {
    CHAPTERS: { description: 'Picked by the student: a class, a subject, chapters, a number of questions and a difficulty' },
    WRONG_ANSWERS: { description: 'The questions answered wrongly in an earlier attempt' },
    SAVED: { description: "The student's saved questions" },
  },
});

/**
 * A set of questions a student asked for, to practise by themself: no deadline, no rank, the key
 * and explanation after each answer. Its attempt holds the questions in their order.
 */
@ObjectType({ description: 'A practice set a student made: no deadline, no rank, the explanation after each answer' })
@Entity('practice_set')
@Index('practice_set_user', ['userId', 'createdAt'])
export class PracticeSet {
  @Field(() => ID, { description: 'The practice set' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Field(() => PracticeSource, { description: 'Where its questions came from' })
  @Column({ type: 'text' })
  source: PracticeSource;

  @Field(() => Int, { nullable: true, description: 'The class picked; null for wrong answers and saved questions' })
  @Column({ type: 'smallint', nullable: true })
  classLevel: number | null;

  @Field(() => ID, { nullable: true, description: 'The subject picked; null for wrong answers and saved questions' })
  @Column({ type: 'text', nullable: true })
  subjectId: string | null;

  @Field(() => [ID], { description: 'The chapters picked; empty: the whole subject' })
  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  chapterIds: string[];

  @Field(() => Difficulty, { nullable: true, description: 'The difficulty picked; null: any' })
  @Column({ type: 'enum', enum: Difficulty, enumName: 'question_difficulty', nullable: true })
  difficulty: Difficulty | null;

  @Field({ description: 'Whether the student asked for board questions only (those with a board-exam tag)' })
  @Column({ type: 'boolean', default: false })
  boardQuestionsOnly: boolean;

  /** For wrong answers: the attempt they were given in. */
  @Column({ type: 'uuid', nullable: true })
  fromAttemptId: string | null;

  @Field({ description: 'When it was made' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** A question a student saved after answering it, to practise again. */
@Entity('saved_question')
@Index('saved_question_user', ['userId', 'savedAt'])
export class SavedQuestion {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  savedAt: Date;
}
