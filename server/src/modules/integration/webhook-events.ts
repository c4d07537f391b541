import { sendInTransaction } from '../../db/job-queues';
import type { EntityManager } from 'typeorm';
import { WebhookDelivery, WebhookDeliveryStatus, type WebhookEventType } from './webhook.entity';
import { webhookBody, type WebhookEventData } from './webhook-schemas';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/**
 * Each endpoint's own queue, worked one delivery at a time in the order written, so a slow, failing
 * or dead endpoint never delays another. `WEBHOOK_QUEUE` itself keeps only jobs written before.
 */
export const endpointQueue = (endpointId: string) => `${WEBHOOK_QUEUE}-${endpointId}`;

/**
 * The PostgreSQL channel on which written deliveries name their endpoints (comma-separated ids). A
 * NOTIFY is heard only once its transaction commits, so every process wakes the endpoints' workers
 * exactly when their deliveries exist (webhook-queue.ts); polling stays as the fallback.
 */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

export interface WebhookJob {
  deliveryId: string;
}

/** Queues delivery jobs with `manager`, so they exist exactly when the caller's transaction commits. */
export async function queueDeliveries(manager: EntityManager, deliveries: Array<{ id: string; endpointId: string }>): Promise<void> {
  for (const delivery of deliveries) await sendInTransaction(manager, endpointQueue(delivery.endpointId), { deliveryId: delivery.id } satisfies WebhookJob);
  if (deliveries.length > 0)
    await manager.query(`SELECT pg_notify($1, $2)`, [WEBHOOK_CHANNEL, [...new Set(deliveries.map((delivery) => delivery.endpointId))].join(',')]);
}

/**
 * Tells every endpoint subscribed to `type` about an event: writes one delivery per endpoint and
 * its job in the caller's transaction (`manager`), so a rolled-back action sends nothing and a
 * committed one is always delivered. The body is `{ id, type, createdAt, data }`; `data` is plain
 * JSON (ids, names, amounts; never secrets) of the shape its schema says (`webhook-schemas.ts`,
 * published at /docs/webhooks/{type}.json). Does nothing when no endpoint listens; in tests the
 * body is built and checked against its schema all the same.
 */
export async function emitWebhookEvent<T extends Exclude<WebhookEventType, WebhookEventType.PING>>(
  manager: EntityManager,
  type: T,
  data: WebhookEventData<T>,
): Promise<void> {
  const { eventId, body } = webhookBody<T>(type, data);
  // The queue's tables exist once the queue has started, which registering an endpoint does.
  const endpoints: Array<{ id: string }> = await manager.query(
    `SELECT e."id" FROM "webhook_endpoint" e WHERE e."deletedAt" IS NULL AND e."disabledAt" IS NULL AND $1 = ANY(e."events") AND to_regclass('pgboss.job') IS NOT NULL`,
    [type],
  );
  if (endpoints.length === 0) return;
  const inserted = await manager
    .getRepository(WebhookDelivery)
    .insert(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId, eventType: type, body, status: WebhookDeliveryStatus.PENDING })));
  await queueDeliveries(
    manager,
    inserted.identifiers.map((identifier, index) => ({ id: String(identifier.id), endpointId: endpoints[index].id })),
  );
}
