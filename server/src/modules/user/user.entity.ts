import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Language } from '../../i18n/languages';
import { Role } from '../../kernel/role';

@ObjectType({ description: 'A person with an account: student, instructor or admin' })
@Entity('user')
@Index('user_email_unique', ['email'], { unique: true })
// One number signs in to one account: confirmed numbers are unique (a contact phone typed in a profile is not).
@Index('user_phone_confirmed_unique', ['phone'], { unique: true, where: '"phoneConfirmedAt" IS NOT NULL' })
export class User {
  @Field(() => ID, { description: 'The account' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'The full name, at most 100 characters' })
  @Column({ type: 'text' })
  name: string;

  /** Stored lower-cased, so addresses are unique whatever their case. Null for an account made with a mobile number and a code. */
  @Field(() => String, {
    nullable: true,
    description: 'The email address; null for an account made with a mobile number (its receipts and notices come by SMS)',
  })
  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Null for an account made for someone (imported, or a demo course's teacher): it signs in only after a password reset. */
  @Column({ type: 'text', nullable: true })
  passwordHash: string | null;

  /** When the person proved they read this address; nothing is keyed on an address before that. */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** Raised on logout, password change or reset and role change: access tokens of an older version stop working. */
  @Column({ type: 'integer', default: 0 })
  sessionVersion: number;

  /** When an admin approved this instructor: approved instructors publish directly, others go to review. */
  @Column({ type: 'timestamptz', nullable: true })
  instructorApprovedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'The phone number; a Bangladeshi mobile number is kept as +8801XXXXXXXXX' })
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  /** When the person proved with an SMS code that `phone` reaches them; only a confirmed number signs in. */
  @Column({ type: 'timestamptz', nullable: true })
  phoneConfirmedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Date of birth, YYYY-MM-DD' })
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Field(() => Role, { description: 'What the person may do' })
  @Column({ type: 'enum', enum: Role, enumName: 'user_role', default: Role.STUDENT })
  role: Role;

  /** The role an admin had before promotion, restored when the admin role is removed. */
  @Column({ type: 'enum', enum: Role, enumName: 'user_role', nullable: true })
  previousRole: Role | null;

  @Field(() => String, { nullable: true, description: 'Avatar URL' })
  @Column({ type: 'text', nullable: true })
  image: string | null;

  @Field(() => String, { nullable: true, description: 'Education' })
  @Column({ type: 'text', nullable: true })
  eduQualification: string | null;

  @Field(() => String, { nullable: true, description: 'An email to be reached at, other than the sign-in one; null when none' })
  @Column({ type: 'text', nullable: true })
  contactEmail: string | null;

  /** The language the person reads the site and their emails in: 'bn' (Bangla) or 'en' (English). */
  @Field(() => String, { description: "The language the person reads the site and their emails in: 'bn' (Bangla) or 'en' (English)" })
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: Language;

  /** An instructor an admin trusts with the shared question bank (its answers are the site's free tests' keys). */
  @Column({ type: 'boolean', default: false })
  sharedBankAccess: boolean;

  /** Set when an admin closes the account: sign-in is refused, history is kept. */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Field({ description: 'When the account was made (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
