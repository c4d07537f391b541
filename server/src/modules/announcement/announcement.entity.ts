import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A message from a course's instructor to its students: mailed (or sent by SMS) to each, and shown in My Courses. */
@ObjectType({ description: 'A course announcement from its instructor to its students' })
@Entity('course_announcement')
@Index('course_announcement_course_newest', ['courseId', 'createdAt'])
export class CourseAnnouncement {
  @Field(() => ID, { description: 'The announcement' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'Its course' })
  @Column({ type: 'uuid' })
  courseId: string;

  @Field({ description: 'Its course’s name' })
  @Column({ type: 'text' })
  courseName: string;

  @Column({ type: 'uuid' })
  authorId: string;

  @Field({ description: 'Who wrote it' })
  @Column({ type: 'text' })
  authorName: string;

  @Field({ description: 'Its title, at most 120 characters' })
  @Column({ type: 'text' })
  title: string;

  @Field({ description: 'Its text, at most 2000 characters' })
  @Column({ type: 'text' })
  text: string;

  /** When every student was sent it (by the announcement job); null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Field({ description: 'When it was written' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
