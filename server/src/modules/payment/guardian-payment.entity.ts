import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A student's request that a guardian pay for a course: the guardian's SMS link carries a token whose
 * SHA-256 alone is kept. It is for one course at the price it had when asked, for 48 hours, and ends
 * when a payment through it gives the student the course.
 */
@Entity('guardian_payment_request')
@Index('guardian_payment_request_student', ['studentId', 'createdAt'])
export class GuardianPaymentRequest {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  tokenHash: string;

  @Column({ type: 'uuid' })
  studentId: string;

  @Column({ type: 'uuid' })
  courseId: string;

  /** +8801XXXXXXXXX */
  @Column({ type: 'text' })
  guardianPhone: string;

  /** The taka price when the student asked, in poisha: what the guardian pays. */
  @Column({ name: 'amountCents', type: 'int' })
  amountMinor: number;

  @Column({ type: 'text', default: 'bdt' })
  currency: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** The payment that gave the student the course through this link. */
  @Column({ type: 'uuid', nullable: true })
  paymentId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
