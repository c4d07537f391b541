import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** How a student is reminded of a live exam and told its result. */
export enum ReminderChannel {
  SMS = 'SMS',
  EMAIL = 'EMAIL',
}

registerEnumType(ReminderChannel, {
  name: 'ReminderChannel',
  description: 'How a student is reminded of a live exam',
  valuesConfig: {
    SMS: { description: "By SMS to the account's confirmed mobile number" },
    EMAIL: { description: "By email to the account's confirmed address" },
  },
});

/** The moments a student hears about a live exam: before it opens (if they asked), and its result once it closed. */
export enum NoticeMoment {
  HOUR_BEFORE = 'HOUR_BEFORE',
  TEN_MINUTES_BEFORE = 'TEN_MINUTES_BEFORE',
  RESULT = 'RESULT',
}

/** A student's wish to be reminded of a scheduled model test before it opens: one per student and test. */
@ObjectType({ description: 'A reminder a student asked for: before a live exam opens, one hour and ten minutes ahead' })
@Entity('live_exam_reminder')
@Check('live_exam_reminder_channel', `"channel" IN ('SMS', 'EMAIL')`)
@Index('live_exam_reminder_test', ['testId'])
export class LiveExamReminder {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @Field(() => ID, { description: 'The model test' })
  @PrimaryColumn({ type: 'uuid' })
  testId: string;

  @Field(() => ReminderChannel, { description: 'How the reminder comes' })
  @Column({ type: 'text' })
  channel: ReminderChannel;

  @Field({ description: 'When the student asked' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/**
 * A notice handed to the outbox: a row per student, test and moment, written before the message, so
 * a job that runs twice (two server copies, a retry) sends each notice once.
 */
@Entity('live_exam_notice')
@Check('live_exam_notice_moment', `"moment" IN ('HOUR_BEFORE', 'TEN_MINUTES_BEFORE', 'RESULT')`)
export class LiveExamNotice {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'uuid' })
  testId: string;

  @PrimaryColumn({ type: 'text' })
  moment: NoticeMoment;

  @CreateDateColumn({ type: 'timestamptz' })
  sentAt: Date;
}

/** A student who asked to hear no live exam results: their rank still shows on the page, nothing is sent. */
@Entity('live_exam_results_declined')
export class LiveExamResultsDeclined {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
