import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Lesson } from '../course/lesson.entity';
import { User } from '../user/user.entity';

/** How far a student got in one lesson: done or not, and where the video stopped. */
@Entity('lesson_progress')
@Index('lesson_progress_student_lesson', ['studentId', 'lessonId'], { unique: true })
export class LessonProgress {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @Column({ type: 'uuid' })
  lessonId: string;

  @ManyToOne(() => Lesson, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lessonId' })
  lesson?: Lesson;

  @Index()
  @Column({ type: 'uuid' })
  courseId: string;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ type: 'int', default: 0 })
  lastPositionSeconds: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
