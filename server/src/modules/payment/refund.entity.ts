import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { RefundCase } from './refund-policy';

/** A refund an admin granted under the refund policy. */
@Entity('refund')
export class Refund {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  paymentId: string;

  @Index({ unique: true })
  @Column({ type: 'uuid' })
  enrollmentId: string;

  @Column({ type: 'enum', enum: RefundCase, enumName: 'refund_case' })
  refundCase: RefundCase;

  @Column({ type: 'smallint' })
  percent: number;

  @Column({ name: 'amountCents', type: 'int' })
  amountMinor: number;

  @Column({ type: 'text' })
  providerRef: string;

  /** succeeded at once for cards; SSLCommerz refunds are processing until its refund query says refunded. */
  @Column({ type: 'text', default: 'succeeded' })
  status: 'processing' | 'succeeded' | 'failed';

  @Column({ type: 'uuid' })
  adminId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
