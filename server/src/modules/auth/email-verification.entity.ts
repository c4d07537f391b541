import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../user/user.entity';

/** A single-use, expiring link that proves a person reads an address; only the token's hash is kept. */
@Entity('email_verification')
export class EmailVerification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index()
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Index({ unique: true })
  @Column({ type: 'text' })
  tokenHash: string;

  /** The address the link was sent to: a link proves that address only, even if the account's changes. */
  @Column({ type: 'text' })
  email: string;

  /** Null until the link's mail is handed to the SMTP server: its lifetime starts then (link-delivery.ts). */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
