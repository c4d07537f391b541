import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Course } from './course.entity';

@ObjectType({ description: 'One lesson of a course, in order' })
@Entity('lesson')
@Index('lesson_course_position', ['courseId', 'position'], { unique: true })
export class Lesson {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  courseId: string;

  @ManyToOne('Course', (course: Course) => course.lessonRows, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'courseId' })
  course?: Course;

  @Field()
  @Column({ type: 'text' })
  title: string;

  // Exposed through LessonResolver.videoURL, which checks entitlement.
  @Column({ type: 'text', nullable: true })
  videoURL: string | null;

  @Field(() => Int, { description: 'Order within the course, from 1' })
  @Column({ type: 'int' })
  position: number;
}
