import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { numericToNumber } from '../../shared/numeric';
import { Course } from '../course/course.entity';
import { Payment, type BillingDetails } from '../payment/payment.entity';
import { User } from '../user/user.entity';
import { deprecated } from '../../graphql/deprecations';

/** Whether an enrollment counts: a refunded one stays on record, with its access ended. */
export enum EnrollmentState {
  ACTIVE = 'ACTIVE',
  REFUNDED = 'REFUNDED',
}
registerEnumType(EnrollmentState, {
  name: 'EnrollmentState',
  description: 'Whether an enrollment counts now',
  valuesConfig: {
    ACTIVE: { description: 'The student has the course' },
    REFUNDED: { description: 'Refunded: the student no longer has the course (refundedAt says when); the record stays' },
  },
});

/** A student's access to a course, with the course as it was when bought. */
@ObjectType({ description: "A student's enrollment in a course" })
@Entity('enrollment')
// One active enrollment per student and course; a refunded one no longer counts.
@Index('enrollment_active_student_course', ['studentId', 'courseId'], { unique: true, where: '"revokedAt" IS NULL' })
// The enrollments list reads in this order, from a cursor.
@Index('enrollment_oldest_first', ['createdAt', 'id'])
// The changes feed (enrollments(updatedSince)) reads in this order, from a cursor.
@Index('enrollment_changes', ['updatedAt', 'id'])
export class Enrollment {
  @Field(() => ID, { description: 'The enrollment' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The student’s account' })
  @Index()
  @Column({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @Field(() => ID, { description: 'The course' })
  @Index()
  @Column({ type: 'uuid' })
  courseId: string;

  @ManyToOne(() => Course)
  @JoinColumn({ name: 'courseId' })
  courseRow?: Course;

  @Column({ type: 'uuid', nullable: true })
  paymentId: string | null;

  @ManyToOne(() => Payment)
  @JoinColumn({ name: 'paymentId' })
  payment?: Payment;

  @Field({ description: "The course's name when the student enrolled" })
  @Column({ type: 'text' })
  courseName: string;

  @Field({ description: "The course's description when the student enrolled" })
  @Column({ type: 'text' })
  courseDescription: string;

  @Field(() => String, { nullable: true, description: "The course's cover picture address when the student enrolled; null when none" })
  @Column({ type: 'text', nullable: true })
  courseImage: string | null;

  @Field({ description: "The student's sign-in email when they enrolled" })
  @Column({ type: 'text' })
  email: string;

  @Field(() => String, { nullable: true, description: "The payment's transaction reference" })
  @Column({ type: 'text', nullable: true })
  transactionID: string | null;

  @Field(() => Float, {
    nullable: true,
    description:
      "The amount paid, in major units of amountPaid's currency (taka for bKash, Nagad, Rocket and local cards; dollars for a card charged in dollars)",
    deprecationReason: deprecated('Enrollment.transactionAmount'),
  })
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: numericToNumber })
  transactionAmount: number | null;

  /** What was paid, in minor units of `amountPaidCurrency`; null when it is not known (an old record without an amount). */
  @Column({ type: 'integer', nullable: true })
  amountPaidMinor: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  amountPaidCurrency: 'usd' | 'bdt' | null;

  @Column({ type: 'jsonb', nullable: true })
  billingDetails: BillingDetails | null;

  @Field({ description: 'When the student enrolled (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The lesson the student watched last, where the player resumes. */
  @Column({ type: 'uuid', nullable: true })
  lastLessonId: string | null;

  /** When the student last opened, watched or marked a lesson of the course. */
  @Field(() => Date, { nullable: true, description: 'When the student last studied this course; null before the first lesson' })
  @Column({ type: 'timestamptz', nullable: true })
  lastStudiedAt: Date | null;

  /** Set when the enrollment is refunded: access ends, the record stays. */
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /**
   * When the enrollment itself last changed (made, refunded, its details): kept by a trigger
   * (migration CourseAndEnrollmentChanges) on every update but the student's study (lastLessonId,
   * lastStudiedAt), never written by the code.
   */
  @Field({
    description:
      'When the enrollment last changed (made, refunded or its details changed; a student’s study does not count): the order of enrollments(updatedSince)',
  })
  @Column({ type: 'timestamptz', default: () => 'now()', insert: false, update: false })
  updatedAt: Date;
}
