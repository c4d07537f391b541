import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { EducationBoard } from './board-tag';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export enum Difficulty {
  EASY = 'EASY',
  MEDIUM = 'MEDIUM',
  HARD = 'HARD',
}
registerEnumType(Difficulty, {
  name: 'Difficulty',
  description: 'How hard a question is',
  valuesConfig: { EASY: { description: 'Easy' }, MEDIUM: { description: 'Medium' }, HARD: { description: 'Hard' } },
});

@ObjectType({ description: 'One option of a multiple-choice question' })
export class QuestionOption {
  @Field(() => ID, { description: 'The option' })
  id: string;

  @Field({ description: 'The option as written; formulas between $…$' })
  text: string;
}

/**
 * A multiple-choice question of the bank. Authors (the course's instructor, or admins for the
 * shared bank without a course) see it whole; students only through an attempt, without the
 * correct option until the attempt ends.
 */
@ObjectType({ description: 'A multiple-choice question of the question bank, as its authors see it' })
@Entity('question')
@Check('question_class_level_range', '"classLevel" BETWEEN 1 AND 13')
@Check('question_board_tag', '("board" IS NULL) = ("boardYear" IS NULL)')
@Index('question_board', ['subjectId', 'classLevel'], { where: '"board" IS NOT NULL' })
@Index('question_author_import', ['authorId', 'importKey'], { unique: true, where: '"importKey" IS NOT NULL' })
@Index('question_subject_class', ['subjectId', 'classLevel'])
export class Question {
  @Field(() => ID, { description: 'The question' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The question; formulas between $…$ are drawn with KaTeX' })
  @Column({ type: 'text' })
  text: string;

  @Field(() => [QuestionOption], { description: '2 to 6 options' })
  @Column({ type: 'jsonb' })
  options: QuestionOption[];

  /** The one correct option; in GraphQL only for those who may read the question (question-bank.resolver.ts). */
  @Column({ type: 'uuid' })
  correctOptionId: string;

  /** Why the correct option is right; in GraphQL like `correctOptionId`. */
  @Column({ type: 'text', default: '' })
  explanation: string;

  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests' })
  @Column({ type: 'smallint' })
  classLevel: number;

  @Field(() => ID, { description: 'The subject' })
  @Column({ type: 'text' })
  subjectId: string;

  @Field(() => ID, { nullable: true, description: 'The chapter, when given' })
  @Index()
  @Column({ type: 'uuid', nullable: true })
  chapterId: string | null;

  @Field(() => Difficulty, { description: 'How hard it is' })
  @Column({ type: 'enum', enum: Difficulty, enumName: 'question_difficulty', default: Difficulty.MEDIUM })
  difficulty: Difficulty;

  @Field({
    description: 'Whether students may meet it in the practice sets they make themselves; false keeps it for exams only (it never appears in practice)',
  })
  @Column({ type: 'boolean', default: true })
  usableInPractice: boolean;

  /** The education board whose paper set it, with `boardYear` (both or neither); in GraphQL as `boardTag` (question-bank.resolver.ts). */
  @Column({ type: 'enum', enum: EducationBoard, enumName: 'education_board', nullable: true })
  board: EducationBoard | null;

  /** The year of that board's paper. */
  @Column({ type: 'smallint', nullable: true })
  boardYear: number | null;

  @Field(() => ID, { nullable: true, description: 'The course whose bank holds it; null for the shared bank admins keep' })
  @Index()
  @Column({ type: 'uuid', nullable: true })
  courseId: string | null;

  /** Who wrote or imported it. */
  @Column({ type: 'uuid', nullable: true })
  authorId: string | null;

  /** For CSV imports: a digest of the row, so that importing the same file again adds nothing. */
  @Column({ type: 'text', nullable: true })
  importKey: string | null;

  /**
   * The picture shown with the question (PNG, JPEG or WebP, by its content; at most 1 MB), kept in
   * the database like the certificates' PDFs and served by question-picture.router.ts. Not read
   * with the row: lists, attempts and loaders never carry the file.
   */
  @Column({ type: 'bytea', nullable: true, select: false })
  picture?: Buffer | null;

  /** The picture's media type (image/png, image/jpeg or image/webp); null without a picture. */
  @Column({ type: 'text', nullable: true })
  pictureType: string | null;

  /** A digest of the picture's bytes, in its address: a new picture gets a new address, so browsers may keep one for ever. */
  @Column({ type: 'text', nullable: true })
  pictureDigest: string | null;

  @Field({ description: 'When the question was written' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
