import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Course } from '../course/course.entity';
import { User } from '../user/user.entity';
import type { BillingDetailsInput } from '../../payments/provider';

export enum PaymentStatus {
  PENDING = 'PENDING',
  REQUIRES_ACTION = 'REQUIRES_ACTION',
  SUCCEEDED = 'SUCCEEDED',
  FAILED = 'FAILED',
  REFUNDED = 'REFUNDED',
  /** Paid, but SSLCommerz flagged it as risky (risk_level 1): an admin approves or refunds it. */
  HELD = 'HELD',
}

/**
 * What a bundle's payment buys (bundle/bundle.service.ts starts it): the bundle, and each course it
 * enrolls in with its share of the amount (split by the courses' list prices, so instructor revenue
 * and refunds can be told per course). `courseId` of such a payment is its first course.
 */
export interface PaymentBundle {
  id: string;
  name: string;
  /** Stored as JSON: its keys are the stored data's (`amountCents`, minor units), as a column keeps its name. */
  courses: Array<{ courseId: string; name: string; amountCents: number }>;
}

/** The billing details the card widget collected, as given. */
export type BillingDetails = BillingDetailsInput;

/** One attempt to pay for a course, as the provider reported it. Amounts are in minor units (cents or poisha) of `currency`. */
@Entity('payment')
@Index('payment_student_course', ['studentId', 'courseId'])
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'studentId' })
  student?: User;

  @Column({ type: 'uuid' })
  courseId: string;

  @ManyToOne(() => Course)
  @JoinColumn({ name: 'courseId' })
  course?: Course;

  @Column({ type: 'text' })
  provider: string;

  /** The provider's payment (a Stripe PaymentIntent id). */
  @Index({ unique: true, where: '"providerRef" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  providerRef: string | null;

  @Column({ name: 'amountCents', type: 'int' })
  amountMinor: number;

  @Column({ type: 'text', default: 'usd' })
  currency: string;

  @Index()
  @Column({ type: 'enum', enum: PaymentStatus, enumName: 'payment_status' })
  status: PaymentStatus;

  /** The client's key for this purchase: a retried request finds this payment again. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  idempotencyKey: string;

  @Column({ type: 'jsonb', nullable: true })
  billingDetails: BillingDetails | null;

  @Column({ type: 'text', nullable: true })
  failureMessage: string | null;

  /** Where the buyer pays (SSLCommerz's gateway page), so a retried request can send them there again. */
  @Column({ type: 'text', nullable: true })
  actionUrl: string | null;

  /** The provider's balance transaction (or charge) of a successful payment. */
  @Column({ type: 'text', nullable: true })
  transactionRef: string | null;

  @Column({ name: 'refundedCents', type: 'int', default: 0 })
  refundedMinor: number;

  /** How the buyer paid, as the provider reported it: bKash, Nagad, Rocket, Visa, Mastercard...; null until known. */
  @Index()
  @Column({ type: 'text', nullable: true })
  method: string | null;

  /** The last four digits of the card, for card payments. */
  @Column({ type: 'text', nullable: true })
  methodLast4: string | null;

  /** The guardian's request (guardian-payment.entity.ts) this payment was made through, if any. */
  @Column({ type: 'uuid', nullable: true })
  guardianRequestId: string | null;

  /** For a bundle's payment: the bundle and the courses it enrolls in (every one in the same settlement); null for one course. */
  @Column({ type: 'jsonb', nullable: true })
  bundle: PaymentBundle | null;

  /** When the old client's POST /api/enroll was accepted for this payment (once only). */
  @Column({ type: 'timestamptz', nullable: true })
  legacyEnrollRecordedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
