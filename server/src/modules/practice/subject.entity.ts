import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@ObjectType({ description: 'A school subject of the national curriculum, named in Bangla and English' })
@Entity('subject')
export class Subject {
  @Field(() => ID, { description: 'A stable name such as "physics"' })
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Field({ description: 'The Bangla name, such as পদার্থবিজ্ঞান' })
  @Column({ type: 'text' })
  nameBn: string;

  @Field({ description: 'The English name, such as Physics' })
  @Column({ type: 'text' })
  nameEn: string;

  @Field(() => Int, { description: 'Order in lists' })
  @Column({ type: 'int' })
  position: number;
}

@ObjectType({ description: "A chapter of a subject's book for one class" })
@Entity('chapter')
@Index('chapter_subject_class', ['subjectId', 'classLevel', 'position'])
export class Chapter {
  @Field(() => ID, { description: 'The chapter' })
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Field(() => ID, { description: 'The subject it belongs to' })
  @Column({ type: 'text' })
  subjectId: string;

  @Field(() => Int, { description: 'Class 1 to 12, or 13 for admission tests' })
  @Column({ type: 'smallint' })
  classLevel: number;

  @Field({ description: 'The Bangla name' })
  @Column({ type: 'text' })
  nameBn: string;

  @Field({ description: 'The English name' })
  @Column({ type: 'text' })
  nameEn: string;

  @Field(() => Int, {
    nullable: true,
    description: "The paper of a subject taught in two (HSC physics and chemistry: 1 or 2); null for a subject's single book",
  })
  @Column({ type: 'smallint', nullable: true })
  paper: number | null;

  @Field(() => Int, { description: "Order within the subject's books for the class (a 2nd paper's chapters follow the 1st paper's)" })
  @Column({ type: 'int' })
  position: number;
}
