import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export interface SandboxRefund {
  refundRefId: string;
  refeId: string;
  amountPoisha: number;
  requestedAt: string;
}

/** The offline SSLCommerz imitation's own record of one payment session, kept as the gateway keeps it. */
@Entity('sslcommerz_sandbox_transaction')
export class SandboxTransaction {
  @PrimaryColumn({ type: 'text' })
  sessionKey: string;

  @Index()
  @Column({ type: 'text' })
  tranId: string;

  @Column({ type: 'int' })
  amountPoisha: number;

  /** What the buyer paid, which the imitation can be told to make differ from the session (a tampered amount). */
  @Column({ type: 'int', nullable: true })
  paidPoisha: number | null;

  @Column({ type: 'text' })
  currency: string;

  /** PENDING, VALID, VALIDATED, FAILED or CANCELLED (EXPIRED is worked out from the age). */
  @Column({ type: 'text' })
  status: string;

  @Index({ unique: true, where: '"valId" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  valId: string | null;

  @Index()
  @Column({ type: 'text', nullable: true })
  bankTranId: string | null;

  @Column({ type: 'text', nullable: true })
  cardType: string | null;

  @Column({ type: 'smallint', default: 0 })
  riskLevel: number;

  @Column({ type: 'jsonb' })
  request: Record<string, string>;

  @Column({ type: 'jsonb', default: [] })
  refunds: SandboxRefund[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
