import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { BillingDetails } from './payment.entity';
import { User } from '../user/user.entity';

/**
 * The old client's `POST /payment {amount, token}`: it names no course, so nothing is charged yet.
 * The card token waits here until the old client's next call, `POST /api/enroll`, names the course;
 * the charge is then made at the course's own price, or refused when the amount differs. The token is
 * wiped when that call claims the request (before the charge), and unused ones go when they expire.
 */
@Entity('legacy_charge_request')
export class LegacyChargeRequest {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  studentId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'studentId' })
  student?: User;

  /** What the old client said it would pay, in cents. */
  @Column({ name: 'amountCents', type: 'int' })
  amountMinor: number;

  /** The card token from the old payment widget (single use at the provider); forgotten (null) as soon as the enrollment call claims it. */
  @Column({ type: 'text', nullable: true })
  paymentMethod: string | null;

  @Column({ type: 'jsonb', nullable: true })
  billingDetails: BillingDetails | null;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** Set by the enrollment call that used it: a token is charged once at most. */
  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
