import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

// Plain fields without type-graphql's wrapper (see Course).
@ObjectType({ description: "A learner's review, shown on the home page and on /reviews", simpleResolvers: true })
@Entity('review')
// One review per student and course; writing again replaces it.
@Index('review_newest_shown', { synchronize: false })
@Index('review_author_course', ['authorId', 'courseId'], { unique: true, where: '"authorId" IS NOT NULL' })
export class Review {
  @Field(() => ID, { description: 'The review' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: "The reviewer's name" })
  @Column({ type: 'text' })
  name: string;

  @Field(() => String, { nullable: true, description: "The reviewer's picture" })
  @Column({ type: 'text', nullable: true })
  img: string | null;

  @Field({ description: 'What the reviewer wrote, plain text (at most 2000 characters for reviews written here)' })
  @Column({ type: 'text' })
  text: string;

  @Field(() => String, { nullable: true, description: 'A line about the reviewer, such as the course taken' })
  @Column({ type: 'text', nullable: true })
  info: string | null;

  /** The student who wrote it (reviews imported from the old site have none). */
  @Column({ type: 'uuid', nullable: true })
  authorId: string | null;

  @Field(() => ID, { nullable: true, description: 'The course reviewed; null for a testimonial from the old site' })
  @Index()
  @Column({ type: 'uuid', nullable: true })
  courseId: string | null;

  @Field(() => Int, { nullable: true, description: 'Stars, 1 to 5' })
  @Column({ type: 'smallint', nullable: true })
  rating: number | null;

  @Field(() => String, { nullable: true, description: 'A title, at most 120 characters; null when none' })
  @Column({ type: 'text', nullable: true })
  title: string | null;

  /** Hidden by an admin: shown nowhere, kept. */
  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Field({ description: 'When it was first written (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  @Index()
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
