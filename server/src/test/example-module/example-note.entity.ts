import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@ObjectType({ description: 'A note of the example module (tests only)' })
@Entity('example_note')
export class ExampleNote {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field()
  @Column({ type: 'text' })
  text: string;

  /** Set by the module's job once it has seen the note. */
  @Field()
  @Column({ type: 'boolean', default: false })
  seen: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
