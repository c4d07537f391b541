import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Enrollment } from '../enrollment/enrollment.entity';
import { User } from '../user/user.entity';

/**
 * Proof that a student finished a course: one per enrollment, issued when its last lesson is done.
 * Names are kept as they were on the day, so the PDF and the verification page always agree.
 */
@ObjectType({ description: 'A certificate of completion anyone can verify by its number' })
@Entity('certificate')
export class Certificate {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The number printed on the certificate, e.g. SHK-7Q2M9XK4TD' })
  @Index({ unique: true })
  @Column({ type: 'text' })
  number: string;

  @Index({ unique: true })
  @Column({ type: 'uuid' })
  enrollmentId: string;

  @ManyToOne(() => Enrollment, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'enrollmentId' })
  enrollment?: Enrollment;

  @Index()
  @Column({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @Field(() => ID, { description: 'The course completed' })
  @Column({ type: 'uuid' })
  courseId: string;

  @Field({ description: "The student's name as printed" })
  @Column({ type: 'text' })
  studentName: string;

  @Field({ description: "The course's name as printed" })
  @Column({ type: 'text' })
  course: string;

  @Field({ description: "The instructor's name as printed" })
  @Column({ type: 'text' })
  instructor: string;

  @Field({ description: 'When the student completed the course' })
  @CreateDateColumn({ type: 'timestamptz' })
  issuedAt: Date;

  /**
   * The PDF in the student's language, drawn on its first download and served as stored from then
   * on (null until then). Not read with the row: lists and loaders never carry the file.
   */
  @Column({ type: 'bytea', nullable: true, select: false })
  pdf?: Buffer | null;
}
