import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import type { Mailer } from '../mail/mailer';
import { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from './webhook.entity';
import type { WebhookJob } from './webhook-events';
import { decryptSecret, DELIVERY_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import { WebhookTargetError, type WebhookTargets } from './webhook-target';
import { ENDPOINT_DISABLED, recordEndpointHealth } from './webhook-health';

export interface SenderDeps {
  db: DataSource;
  secretKey: Buffer;
  log: AppLogger;
  timeoutMs: number;
  /** Where deliveries may go (public addresses, or WEBHOOK_ALLOWED_TARGETS), checked again at every attempt. */
  targets: WebhookTargets;
  /** Tells an endpoint's owner that it was turned off. */
  mailer: Mailer;
}

/**
 * One attempt of a delivery: POSTs its body signed with a fresh timestamp, logs the attempt, and
 * throws on anything but a 2xx answer so the queue retries it later (FAILED once retries run out).
 * A turned-off endpoint's deliveries fail without an attempt.
 */
export async function sendDelivery(deps: SenderDeps, job: PgBoss.JobWithMetadata<WebhookJob>): Promise<void> {
  const delivery = await deps.db.getRepository(WebhookDelivery).findOneBy({ id: job.data.deliveryId });
  if (!delivery || delivery.status === WebhookDeliveryStatus.SUCCEEDED) return;
  const endpoint = await deps.db.getRepository(WebhookEndpoint).findOneBy({ id: delivery.endpointId });
  if (!endpoint || endpoint.deletedAt) {
    await deps.db.getRepository(WebhookDelivery).update({ id: delivery.id }, { status: WebhookDeliveryStatus.FAILED, lastError: 'The endpoint was deleted' });
    return;
  }
  if (endpoint.disabledAt) {
    await deps.db.getRepository(WebhookDelivery).update({ id: delivery.id }, { status: WebhookDeliveryStatus.FAILED, lastError: ENDPOINT_DISABLED });
    return;
  }
  const attemptedAt = new Date();
  const secrets = [endpoint.secretEncrypted];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > attemptedAt)
    secrets.push(endpoint.previousSecretEncrypted);
  const started = process.hrtime.bigint();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await deps.targets.post(
      new URL(endpoint.url),
      {
        'content-type': 'application/json',
        'user-agent': 'Shikhon-Webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(
          secrets.map((sealed) => decryptSecret(deps.secretKey, sealed)),
          delivery.body,
          Math.floor(Date.now() / 1000),
        ),
        [EVENT_ID_HEADER]: delivery.eventId,
        [EVENT_TYPE_HEADER]: delivery.eventType,
        [DELIVERY_ID_HEADER]: delivery.id,
      },
      delivery.body,
      deps.timeoutMs,
    );
    if (statusCode < 200 || statusCode > 299) error = `The endpoint answered ${statusCode}`;
  } catch (cause) {
    const name = (cause as { name?: string }).name;
    if (cause instanceof WebhookTargetError) error = `Not sent: ${cause.message}`;
    else error = name === 'TimeoutError' ? `No answer within ${deps.timeoutMs / 1000} seconds` : `Could not connect: ${(cause as Error).message}`;
  }
  const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  const lastTry = job.retryCount >= job.retryLimit;
  await deps.db.transaction(async (manager) => {
    await manager.getRepository(WebhookAttempt).insert({ deliveryId: delivery.id, attemptedAt, statusCode, error, durationMs });
    await manager.getRepository(WebhookDelivery).update(
      { id: delivery.id },
      {
        attempts: () => '"attempts" + 1',
        lastAttemptAt: attemptedAt,
        lastStatusCode: statusCode,
        lastError: error,
        ...(error
          ? { status: lastTry ? WebhookDeliveryStatus.FAILED : WebhookDeliveryStatus.PENDING }
          : { status: WebhookDeliveryStatus.SUCCEEDED, deliveredAt: new Date() }),
      },
    );
  });
  await recordEndpointHealth(deps.db, deps.mailer, endpoint, error !== null, attemptedAt);
  if (error) {
    deps.log.warn({ deliveryId: delivery.id, endpointId: endpoint.id, statusCode, retry: job.retryCount }, 'webhook delivery failed');
    throw new Error(error);
  }
}
