import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export enum InboxKind {
  COMPLAINT = 'COMPLAINT',
  CONTACT = 'CONTACT',
  SUBSCRIPTION = 'SUBSCRIPTION',
}
registerEnumType(InboxKind, {
  name: 'InboxKind',
  description: 'What a visitor sent',
  valuesConfig: {
    COMPLAINT: { description: 'A complaint (the complaint form)' },
    CONTACT: { description: 'A message from the contact form' },
    SUBSCRIPTION: { description: 'A newsletter subscription (an email only)' },
  },
});

/** What visitors send: complaints, contact messages and newsletter subscriptions, for the admins. */
@ObjectType({ description: 'A complaint, contact message or subscription' })
@Entity('inbox_message')
// The same address subscribes once.
@Index('inbox_subscription_email', ['email'], { unique: true, where: `"kind" = 'SUBSCRIPTION'` })
export class InboxMessage {
  @Field(() => ID, { description: 'The message' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => InboxKind, { description: 'Which form sent it' })
  @Index()
  @Column({ type: 'enum', enum: InboxKind, enumName: 'inbox_kind' })
  kind: InboxKind;

  @Field(() => String, { nullable: true, description: "The sender's name; null for a subscription" })
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Field({ description: "The sender's email" })
  @Column({ type: 'text' })
  email: string;

  @Field(() => String, { nullable: true, description: "The sender's phone number; only complaints have one" })
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Field(() => String, { nullable: true, description: 'The subject; only complaints have one' })
  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Field(() => String, { nullable: true, description: 'What they wrote; null for a subscription' })
  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Field({ description: 'Whether an admin marked it as dealt with' })
  @Column({ type: 'boolean', default: false })
  handled: boolean;

  @Field({ description: 'When it was sent (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
