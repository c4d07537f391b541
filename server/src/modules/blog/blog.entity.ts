import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@ObjectType({ description: 'A blog post' })
@Entity('blog')
export class Blog {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column({ type: 'text' })
  title: string;

  @Field(() => String, { nullable: true, description: 'Image URL' })
  @Column({ type: 'text', nullable: true })
  img: string | null;

  @Field()
  @Column({ type: 'text' })
  description: string;

  @Field()
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

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  @Index()
  createdAt: Date;
}
