import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Lesson } from '../course/lesson.entity';
import { User } from '../user/user.entity';
import { Question } from './question.entity';

/** The questions of a lesson's quiz, in the author's order; a lesson without rows has no quiz. */
@Entity('lesson_quiz_question')
@Index('lesson_quiz_question_question', ['questionId'])
export class LessonQuizQuestion {
  @PrimaryColumn({ type: 'uuid' })
  lessonId: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  // Deleting a question from the bank takes it out of the quizzes that use it.
  @ManyToOne(() => Question, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'questionId' })
  question?: Question;

  @Column({ type: 'int' })
  position: number;
}

/**
 * A student's answer to one question of a lesson quiz, in the current round: the first answer
 * counts (answering again returns it unchanged); starting the quiz again removes the round's answers.
 */
@Entity('lesson_quiz_answer')
export class LessonQuizAnswer {
  @PrimaryColumn({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @PrimaryColumn({ type: 'uuid' })
  lessonId: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @PrimaryColumn({ type: 'uuid' })
  questionId: string;

  @Column({ type: 'uuid' })
  optionId: string;

  @Column({ type: 'boolean' })
  correct: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  answeredAt: Date;
}

/** A student's best finished round of a lesson quiz (kept through retries), and the round under way. */
@Entity('lesson_quiz_result')
export class LessonQuizResult {
  @PrimaryColumn({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @PrimaryColumn({ type: 'uuid' })
  lessonId: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @Index()
  @Column({ type: 'uuid' })
  courseId: string;

  /** Correct answers in the best finished round; null until a round is finished. */
  @Column({ type: 'int', nullable: true })
  bestCorrect: number | null;

  /** Questions in that round. */
  @Column({ type: 'int', nullable: true })
  bestTotal: number | null;

  /** Finished rounds. */
  @Column({ type: 'int', default: 0 })
  rounds: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
