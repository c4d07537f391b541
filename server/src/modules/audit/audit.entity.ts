import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What an admin or instructor did. */
export enum AuditAction {
  MAKE_ADMIN = 'MAKE_ADMIN',
  REMOVE_ADMIN = 'REMOVE_ADMIN',
  CLOSE_ACCOUNT = 'CLOSE_ACCOUNT',
  REFUND_ENROLLMENT = 'REFUND_ENROLLMENT',
  CREATE_COURSE = 'CREATE_COURSE',
  UPDATE_COURSE = 'UPDATE_COURSE',
  PUBLISH_COURSE = 'PUBLISH_COURSE',
  UNPUBLISH_COURSE = 'UNPUBLISH_COURSE',
  DELETE_COURSE = 'DELETE_COURSE',
  SUBMIT_COURSE_FOR_REVIEW = 'SUBMIT_COURSE_FOR_REVIEW',
  APPROVE_COURSE_REVIEW = 'APPROVE_COURSE_REVIEW',
  REJECT_COURSE_REVIEW = 'REJECT_COURSE_REVIEW',
  APPROVE_HELD_PAYMENT = 'APPROVE_HELD_PAYMENT',
  REOPEN_ACCOUNT = 'REOPEN_ACCOUNT',
  CREATE_API_KEY = 'CREATE_API_KEY',
  REVOKE_API_KEY = 'REVOKE_API_KEY',
  CREATE_WEBHOOK_ENDPOINT = 'CREATE_WEBHOOK_ENDPOINT',
  DELETE_WEBHOOK_ENDPOINT = 'DELETE_WEBHOOK_ENDPOINT',
  RESEND_WEBHOOK_DELIVERY = 'RESEND_WEBHOOK_DELIVERY',
  ROTATE_WEBHOOK_SECRET = 'ROTATE_WEBHOOK_SECRET',
  ENABLE_WEBHOOK_ENDPOINT = 'ENABLE_WEBHOOK_ENDPOINT',
  ENROLL_STUDENT = 'ENROLL_STUDENT',
}
registerEnumType(AuditAction, {
  name: 'AuditAction',
  description: 'What an admin, an instructor or an API key did',
  valuesConfig: {
    MAKE_ADMIN: { description: 'An account was made an admin' },
    REMOVE_ADMIN: { description: 'An admin went back to their previous role' },
    CLOSE_ACCOUNT: { description: 'An account was closed' },
    REFUND_ENROLLMENT: { description: 'An enrollment was refunded' },
    CREATE_COURSE: { description: 'A course was created' },
    UPDATE_COURSE: { description: 'A course was edited' },
    PUBLISH_COURSE: { description: 'A course was published' },
    UNPUBLISH_COURSE: { description: 'A course was taken off sale' },
    DELETE_COURSE: { description: 'A course was deleted' },
    SUBMIT_COURSE_FOR_REVIEW: { description: 'A new instructor sent a course for review' },
    APPROVE_COURSE_REVIEW: { description: 'An admin approved an instructor (their courses in review went on sale)' },
    REJECT_COURSE_REVIEW: { description: 'An admin sent a course back to its instructor' },
    APPROVE_HELD_PAYMENT: { description: 'An admin approved a payment held for review' },
    REOPEN_ACCOUNT: { description: 'A closed account was reopened' },
    CREATE_API_KEY: { description: 'An API key was made' },
    REVOKE_API_KEY: { description: 'An API key was revoked' },
    CREATE_WEBHOOK_ENDPOINT: { description: 'A webhook endpoint was registered' },
    DELETE_WEBHOOK_ENDPOINT: { description: 'A webhook endpoint was deleted' },
    RESEND_WEBHOOK_DELIVERY: { description: 'A webhook delivery was sent again' },
    ROTATE_WEBHOOK_SECRET: { description: 'A webhook endpoint was given a new signing secret' },
    ENABLE_WEBHOOK_ENDPOINT: { description: 'A webhook endpoint turned off after failing for days was turned on again' },
    ENROLL_STUDENT: { description: 'An API key enrolled a student' },
  },
});

/** A few facts about an action, as plain JSON. */
export type AuditDetail = Record<string, string | number | boolean | null | string[]>;

/** What kind of record an action was done to. */
export enum AuditTarget {
  USER = 'USER',
  COURSE = 'COURSE',
  ENROLLMENT = 'ENROLLMENT',
  PAYMENT = 'PAYMENT',
  API_KEY = 'API_KEY',
  WEBHOOK_ENDPOINT = 'WEBHOOK_ENDPOINT',
  WEBHOOK_DELIVERY = 'WEBHOOK_DELIVERY',
}
registerEnumType(AuditTarget, {
  name: 'AuditTarget',
  description: 'What kind of record an action was done to',
  valuesConfig: {
    USER: { description: 'An account' },
    COURSE: { description: 'A course' },
    ENROLLMENT: { description: 'An enrollment' },
    PAYMENT: { description: 'A payment' },
    API_KEY: { description: 'An API key' },
    WEBHOOK_ENDPOINT: { description: 'A webhook endpoint' },
    WEBHOOK_DELIVERY: { description: 'A webhook delivery' },
  },
});

/**
 * One admin or instructor action: who (their id and email then), what, to which record, when and
 * from which client address. Rows are only ever added; nothing refers to them and they refer to
 * nothing, so they outlive the accounts and courses they name.
 */
@ObjectType({ description: 'One admin or instructor action, as it happened' })
@Entity('audit_entry')
@Index('audit_entry_newest', ['createdAt', 'id'])
@Index('audit_entry_action_newest', ['action', 'createdAt', 'id'])
export class AuditEntry {
  @Field(() => ID, { description: 'The entry' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, {
    description:
      'Who acted: the account, the API key for an action made with a key, or 00000000-0000-0000-0000-000000000000 for a refund or dispute a payment provider reported',
  })
  @Column({ type: 'uuid' })
  actorId: string;

  @Field({ description: 'The email the actor had when acting' })
  @Column({ type: 'text' })
  actorEmail: string;

  @Field(() => AuditAction, { description: 'What was done' })
  @Column({ type: 'text' })
  action: AuditAction;

  @Field(() => AuditTarget, { description: 'What kind of thing it was done to' })
  @Column({ type: 'text' })
  targetType: AuditTarget;

  @Field(() => ID, { description: 'The id of the thing it was done to (of the kind targetType names)' })
  @Column({ type: 'text' })
  targetId: string;

  @Field(() => GraphQLJSONObject, { description: 'A few facts about the action (names, amounts); never secrets' })
  @Column({ type: 'jsonb', default: () => `'{}'` })
  detail: AuditDetail;

  @Field({ description: 'The client address as the server saw it' })
  @Column({ type: 'text' })
  address: string;

  @Field({ description: 'When it was done (ISO 8601)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
