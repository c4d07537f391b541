import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A provider event already handled: Stripe may send one event several times, and it is handled once. */
@Entity('webhook_event')
export class WebhookEventSeen {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt: Date;
}
