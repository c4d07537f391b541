import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The offline provider's own record of a payment (its PaymentIntent), kept like Stripe keeps one. */
@Entity('test_mode_payment')
export class TestModePayment {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'amountCents', type: 'int' })
  amountMinor: number;

  @Column({ type: 'text' })
  currency: string;

  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'text' })
  clientSecret: string;

  @Column({ type: 'text', nullable: true })
  paymentMethod: string | null;

  @Column({ type: 'text', nullable: true })
  failureMessage: string | null;

  @Column({ type: 'text', nullable: true })
  transactionRef: string | null;

  @Column({ name: 'refundedCents', type: 'int', default: 0 })
  refundedMinor: number;

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, string>;

  /** Stripe answers a repeated request with the same idempotency key with the first answer. */
  @Column({ type: 'text', unique: true })
  createKey: string;

  @Column({ type: 'text', nullable: true })
  confirmKey: string | null;

  /** The refunds made, by idempotency key: a repeated refund request answers the first refund. */
  @Column({ type: 'jsonb', default: {} })
  refundsByKey: Record<string, { id: string; amountCents: number }>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
