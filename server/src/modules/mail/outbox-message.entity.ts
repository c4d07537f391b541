import type { LinkKind } from '../auth/link-delivery';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every message the product sends: written in the request, sent by the `send-mail` job; without SMTP this is where mail stays (and tests read it). */
@Entity('outbox_message')
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** An email address, or for `sms` a mobile number in the form +8801XXXXXXXXX. */
  @Index()
  @Column({ type: 'text' })
  to: string;

  /** How it goes out: `mail` (SMTP) or `sms` (the SMS provider). */
  @Column({ type: 'varchar', length: 8, default: 'mail' })
  channel: 'mail' | 'sms';

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** Attempts to hand the message to the SMTP server that failed so far. */
  @Column({ type: 'integer', default: 0 })
  failedAttempts: number;

  /** The last attempt's error, in the SMTP library's words (no server paths). */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** Set when every retry failed: admins see it and may send it again. */
  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  gaveUpAt: Date | null;

  /** For an SMS carrying a sign-in code: the code, whose minutes start when this SMS is handed over. */
  @Column({ type: 'uuid', nullable: true })
  signInCodeId: string | null;

  /** For mail carrying a single-use link (password reset, email confirmation): which, so its lifetime starts when this mail is handed over. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  linkKind: LinkKind | null;

  @Column({ type: 'uuid', nullable: true })
  linkId: string | null;

  /** Set while a code SMS waits for the site's daily SMS budget: nothing sends it until it is released (or dropped when too old). */
  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  heldAt: Date | null;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
