import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/** The events an endpoint may subscribe to; the value is the `type` in each delivery's body. */
export enum WebhookEventType {
  ENROLLMENT_CREATED = 'enrollment.created',
  ENROLLMENT_REFUNDED = 'enrollment.refunded',
  PAYMENT_SUCCEEDED = 'payment.succeeded',
  PAYMENT_REFUNDED = 'payment.refunded',
  COURSE_PUBLISHED = 'course.published',
  CERTIFICATE_ISSUED = 'certificate.issued',
  PING = 'ping',
}
registerEnumType(WebhookEventType, {
  name: 'WebhookEventType',
  description: 'An event a webhook endpoint may receive; the body’s `type` is the value written here after each name',
  valuesConfig: {
    ENROLLMENT_CREATED: { description: 'enrollment.created: a student got a course (bought, free, or enrolled by an API key)' },
    ENROLLMENT_REFUNDED: { description: 'enrollment.refunded: an enrollment was refunded and its access ended' },
    PAYMENT_SUCCEEDED: { description: 'payment.succeeded: a payment was received' },
    PAYMENT_REFUNDED: { description: 'payment.refunded: a payment was paid back, wholly or in part' },
    COURSE_PUBLISHED: { description: 'course.published: a course went on sale in the catalogue' },
    CERTIFICATE_ISSUED: { description: 'certificate.issued: a student finished a course and got its certificate' },
    PING: { description: 'ping: a test event, sent to one endpoint when an admin asks (sendTestWebhook); not subscribed to' },
  },
});

export enum WebhookDeliveryStatus {
  PENDING = 'PENDING',
  SUCCEEDED = 'SUCCEEDED',
  FAILED = 'FAILED',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands',
  valuesConfig: {
    PENDING: { description: 'Not yet answered with a 2xx status: waiting for its first or next attempt' },
    SUCCEEDED: { description: 'The endpoint answered with a 2xx status' },
    FAILED: { description: 'Every attempt failed (retries went on for about a day); it can still be resent' },
  },
});

/** An address that receives signed event deliveries. Its signing secret is kept encrypted. */
@ObjectType({ description: 'An address that receives signed webhook deliveries' })
@Entity('webhook_endpoint')
export class WebhookEndpoint {
  @Field(() => ID, { description: 'The endpoint’s id' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'Where deliveries are POSTed (https:// in production)' })
  @Column({ type: 'text' })
  url: string;

  @Field(() => [WebhookEventType], { description: 'The events it receives' })
  @Column({ type: 'text', array: true })
  events: WebhookEventType[];

  /** The signing secret, AES-256-GCM encrypted with a key derived from JWT_SECRET. */
  @Column({ type: 'text' })
  secretEncrypted: string;

  /** The secret before the last rotation, encrypted like the current one: it signs too until `previousSecretExpiresAt`. */
  @Column({ type: 'text', nullable: true })
  previousSecretEncrypted: string | null;

  @Field(() => Date, { nullable: true, description: 'Until when deliveries are signed with the secret before the last rotation too' })
  @Column({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Field(() => ID, { description: 'The admin who registered it' })
  @Column({ type: 'uuid' })
  createdById: string;

  @Field({ description: 'When it was registered' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'Since when every attempt to it has failed (the first failure after its last success); null while it answers',
  })
  @Column({ type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was turned off after failing for 3 days: it receives no new events until enableWebhookEndpoint; null while on',
  })
  @Column({ type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was deleted; a deleted endpoint receives nothing more' })
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}

@ObjectType({ description: 'A new webhook endpoint and its signing secret: store the secret now, it is never shown again' })
export class WebhookEndpointWithSecret {
  @Field(() => WebhookEndpoint, { description: 'The endpoint' })
  endpoint: WebhookEndpoint;

  @Field({ description: 'The secret that signs its deliveries (Shikhon-Signature); starts with whsec_' })
  secret: string;
}

/** One event sent to one endpoint; a resend is a new delivery of the same event (same event id and body). */
@ObjectType({ description: 'One event sent to one endpoint, with its attempts' })
@Entity('webhook_delivery')
@Index('webhook_delivery_endpoint_newest', ['endpointId', 'createdAt', 'id'])
export class WebhookDelivery {
  @Field(() => ID, { description: 'The delivery’s id (a resend has its own)' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The endpoint it goes to' })
  @Column({ type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpointId' })
  endpoint?: WebhookEndpoint;

  @Field(() => ID, { description: 'The event’s id, the body’s `id`: the same in every delivery and resend of the event, so receivers can ignore repeats' })
  @Column({ type: 'uuid' })
  eventId: string;

  @Field(() => WebhookEventType, { description: 'The event' })
  @Column({ type: 'text' })
  eventType: WebhookEventType;

  @Field({ description: 'The exact JSON body sent: { id, type, createdAt, data }' })
  @Column({ type: 'text' })
  body: string;

  @Field(() => WebhookDeliveryStatus, { description: 'Where it stands' })
  @Column({ type: 'text', default: WebhookDeliveryStatus.PENDING })
  status: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'How many attempts were made' })
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Field(() => Int, { nullable: true, description: 'The HTTP status of the last attempt; null when none answered' })
  @Column({ type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed, if it did' })
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Field(() => Date, { nullable: true, description: 'When the last attempt was made' })
  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When an attempt succeeded' })
  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @Field({ description: 'When the delivery was made (the event, or the resend)' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** One try of a delivery, kept as a log. */
@ObjectType({ description: 'One attempt of a delivery' })
@Entity('webhook_attempt')
@Index('webhook_attempt_delivery', ['deliveryId', 'attemptedAt'])
export class WebhookAttempt {
  @Field(() => ID, { description: 'The attempt’s id' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  deliveryId: string;

  @ManyToOne(() => WebhookDelivery, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'deliveryId' })
  delivery?: WebhookDelivery;

  @Field({ description: 'When it was sent' })
  @Column({ type: 'timestamptz' })
  attemptedAt: Date;

  @Field(() => Int, { nullable: true, description: 'The HTTP status answered; null when the endpoint did not answer' })
  @Column({ type: 'integer', nullable: true })
  statusCode: number | null;

  @Field(() => String, { nullable: true, description: 'Why it failed (a status, a timeout, a refused connection); null when it succeeded' })
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Field(() => Int, { description: 'How long the endpoint took, in milliseconds' })
  @Column({ type: 'integer' })
  durationMs: number;
}
