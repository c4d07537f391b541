import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Course } from './course.entity';

// Plain fields without type-graphql's wrapper (see Course).
@ObjectType({ description: 'One lesson of a course, in order', simpleResolvers: true })
@Entity('lesson')
@Check('lesson_duration_positive', '"durationSeconds" IS NULL OR "durationSeconds" > 0')
@Index('lesson_course_position', ['courseId', 'position'], { unique: true })
export class Lesson {
  @Field(() => ID, { description: 'The lesson' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  courseId: string;

  @ManyToOne('Course', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'courseId' })
  course?: Course;

  @Field({ description: 'The lesson title, at most 200 characters' })
  @Column({ type: 'text' })
  title: string;

  // Exposed through LessonResolver.videoURL, which checks entitlement.
  @Column({ type: 'text', nullable: true })
  videoURL: string | null;

  @Field(() => Int, { description: 'Order within the course, from 1' })
  @Column({ type: 'int' })
  position: number;

  @Field({ description: 'A free preview: anyone may watch it from the course page' })
  @Column({ type: 'boolean', default: false })
  preview: boolean;

  @Field(() => Int, { nullable: true, description: 'Length of the video in seconds, when the instructor gave it' })
  @Column({ type: 'int', nullable: true })
  durationSeconds: number | null;

  /**
   * Set when the lesson's uploaded video failed while the course was on sale and the lesson had no
   * other video: from then on students who enroll later do not see it (see lesson.service.ts); cleared
   * when a video is ready or an address is given. Exposed to the course's editors by LessonVideoResolver.
   */
  @Column({ type: 'timestamptz', nullable: true })
  hiddenSince: Date | null;
}
