import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@ObjectType({ description: 'A blog post' })
@Entity('blog')
export class Blog {
  @Field(() => ID, { description: 'The post' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The title, at most 150 characters' })
  @Column({ type: 'text' })
  title: string;

  @Field(() => String, { nullable: true, description: 'Image URL' })
  @Column({ type: 'text', nullable: true })
  img: string | null;

  @Field({ description: 'The text of the post, plain text' })
  @Column({ type: 'text' })
  description: string;

  @Field({ description: "The writer's name as it was when they wrote it" })
  @Column({ type: 'text' })
  author: string;

  @Field(() => Int, { description: 'How many times the post was read' })
  @Column({ type: 'int', default: 0 })
  reads: number;

  @Column({ type: 'uuid', nullable: true })
  authorId: string | null;

  /** Hidden by an admin: shown nowhere, kept. */
  @Column({ type: 'boolean', default: false })
  hidden: boolean;

  @Field({ description: 'When the post was written (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  @Index()
  createdAt: Date;
}
