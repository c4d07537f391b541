import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../user/user.entity';

/** What a code is for: signing in (or up) with a number, or confirming a number an account adds. */
export type CodePurpose = 'sign-in' | 'confirm';

/**
 * A 6-digit code sent by SMS: valid for a few minutes, used once, at most a few wrong tries. Only an
 * HMAC of the code (keyed with a server secret and the row's id) is kept, so the table alone gives no code away.
 */
@Entity('sign_in_code')
@Index(['phone', 'purpose', 'createdAt'])
export class SignInCode {
  @PrimaryColumn('uuid')
  id: string;

  /** The number the code went to, +8801XXXXXXXXX. */
  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: CodePurpose;

  /** For `confirm`: the account adding the number. For `sign-in`: the account the number signed in to when the code was sent, if any. */
  @Index()
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'text' })
  codeHash: string;

  /**
   * For `sign-in`: a keyed hash of the token in the httpOnly cookie of the browser that asked for the
   * code (code-cookie.ts). Only that browser can try the code; null for `confirm` (bound to the account).
   */
  @Column({ type: 'text', nullable: true })
  browserHash: string | null;

  /** The asking address (an IPv4 address or an IPv6 /64), to watch how many of its codes are used (pumping-check.ts). */
  @Column({ type: 'text', nullable: true })
  addressKey: string | null;

  /** Null until the code's SMS is handed to the provider (or, without one, written to the outbox): its minutes start then (code-delivery.ts). */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  failedAttempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** What the admin dashboard counts about codes, per day (Asia/Dhaka). */
export type CodeEvent = 'sent' | 'used' | 'refused' | 'held';

/**
 * Counts of codes sent, used, refused (wrong codes, limits, and codes that waited too long for the
 * daily budget and were dropped) and held (asked for past the daily budget: they waited), one row per day and kind.
 */
@Entity('sign_in_code_stat')
export class SignInCodeStat {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind: CodeEvent;

  @Column({ type: 'integer', default: 0 })
  count: number;
}
