import { randomUUID } from 'node:crypto';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { badInput, notFound, textTooLong } from '../../shared/errors';
import { CURSOR_UNKNOWN, fetchCursorPage, fromCursor, parsePage, toCursor, type Page } from '../../shared/paging';
import { isUuid } from '../../shared/validation';
import { AuditAction, AuditTarget } from '../audit/audit.entity';
import { recordAudit } from '../audit/audit.service';
import { requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { queueDeliveries } from './webhook-events';
import { webhookBody } from './webhook-schemas';
import type { WebhookQueue } from './webhook-queue';
import { encryptSecret, newWebhookSecret, PREVIOUS_SECRET_HOURS } from './webhook-signature';
import { WebhookTargetError } from './webhook-target';
import { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint, WebhookEventType, type WebhookEndpointWithSecret } from './webhook.entity';

export interface WebhookDeps {
  db: DataSource;
  queue: WebhookQueue;
  /** Encrypts and decrypts endpoint secrets (webhookSecretKey). */
  secretKey: Buffer;
  /** Outside production, plain http:// endpoints are allowed (a local test server). */
  allowHttp: boolean;
}

export const WEBHOOK_ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Webhook delivery not found';
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_ENDPOINTS = 20;
const ONLY_ADMINS = 'Only admins can manage webhooks';
export const PING_NOT_SUBSCRIBED = 'ping is not subscribed to: it is sent to an endpoint when you ask (sendTestWebhook)';

function checkUrl(url: string, allowHttp: boolean): string {
  const text = url.trim();
  if (text.length === 0) throw badInput('URL is required', { field: 'url' });
  if (text.length > MAX_WEBHOOK_URL_LENGTH) throw textTooLong(`URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, 'url', MAX_WEBHOOK_URL_LENGTH);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw badInput('URL must be a full address such as https://example.com/webhooks', { field: 'url' });
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) {
    throw badInput('URL must start with https://', { field: 'url' });
  }
  if (parsed.username || parsed.password) throw badInput('URL must not hold a user name or password', { field: 'url' });
  return parsed.toString();
}

/** Registers an endpoint for some events; its signing secret is answered once and kept encrypted. */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  viewer: Viewer,
  url: string,
  events: WebhookEventType[],
  address: string,
): Promise<WebhookEndpointWithSecret> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  const checked = checkUrl(url, deps.allowHttp);
  const unique = [...new Set(events)];
  if (unique.length === 0) throw badInput('Choose at least one event', { field: 'events' });
  if (unique.includes(WebhookEventType.PING)) throw badInput(PING_NOT_SUBSCRIBED, { field: 'events' });
  // Only a public address (or one WEBHOOK_ALLOWED_TARGETS names), after resolving the name; delivery checks again.
  try {
    await deps.queue.targets.check(new URL(checked));
  } catch (error) {
    if (error instanceof WebhookTargetError) throw badInput(error.message, { field: 'url' });
    throw error;
  }
  const active = await deps.db.getRepository(WebhookEndpoint).countBy({ deletedAt: IsNull() });
  if (active >= MAX_WEBHOOK_ENDPOINTS) throw badInput(`At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints can be registered`, { field: 'url' });
  // The queue's tables must exist before any event is written for the endpoint.
  await deps.queue.start(deps.db, deps.secretKey);
  const secret = newWebhookSecret();
  // Its own queue exists, and is worked here, before any event can be written for it.
  const id = randomUUID();
  await deps.queue.startEndpoint(deps.db, deps.secretKey, id);
  const endpoint = await deps.db.transaction(async (manager) => {
    const repo = manager.getRepository(WebhookEndpoint);
    const saved = await repo.save(
      repo.create({ id, url: checked, events: unique, secretEncrypted: encryptSecret(deps.secretKey, secret), createdById: viewer.id, deletedAt: null }),
    );
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.CREATE_WEBHOOK_ENDPOINT,
      targetType: AuditTarget.WEBHOOK_ENDPOINT,
      targetId: saved.id,
      detail: { url: saved.url, events: unique },
    });
    return saved;
  });
  return { endpoint, secret };
}

/** The endpoints still registered, newest first. */
export function listWebhookEndpoints(db: DataSource, viewer: Viewer): Promise<WebhookEndpoint[]> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  return db
    .getRepository(WebhookEndpoint)
    .createQueryBuilder('e')
    .where('e."deletedAt" IS NULL')
    .orderBy('e."createdAt"', 'DESC')
    .addOrderBy('e.id', 'ASC')
    .getMany();
}

/** Deletes an endpoint: it receives nothing more; its deliveries stay for the record. */
export async function deleteWebhookEndpoint(db: DataSource, viewer: Viewer, id: string, address: string): Promise<WebhookEndpoint> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  if (!isUuid(id)) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  return db.transaction(async (manager) => {
    const endpoint = await manager.getRepository(WebhookEndpoint).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!endpoint || endpoint.deletedAt) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    endpoint.deletedAt = new Date();
    await manager.getRepository(WebhookEndpoint).update({ id }, { deletedAt: endpoint.deletedAt });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.DELETE_WEBHOOK_ENDPOINT,
      targetType: AuditTarget.WEBHOOK_ENDPOINT,
      targetId: id,
      detail: { url: endpoint.url },
    });
    return endpoint;
  });
}

/**
 * An endpoint's deliveries, newest first. `after` (an endCursor) continues below the last item
 * seen, so deliveries made meanwhile never shift the pages being read.
 */
export async function listWebhookDeliveries(
  db: DataSource,
  viewer: Viewer,
  endpointId: string,
  paging: { after?: string | null; offset?: number; limit?: number },
): Promise<Page<WebhookDelivery>> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  if (!isUuid(endpointId) || !(await db.getRepository(WebhookEndpoint).existsBy({ id: endpointId })))
    throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  const page = parsePage(paging.offset, paging.limit, 20);
  const after = paging.after ? fromCursor(paging.after) : null;
  /** `total` counts every delivery of the endpoint, whatever the cursor. */
  const query = (withCursor: boolean) => {
    const qb = db.getRepository(WebhookDelivery).createQueryBuilder('d').where('d."endpointId" = :endpointId', { endpointId });
    if (after && withCursor) {
      qb.andWhere('(d."createdAt", d.id) < (SELECT c."createdAt", c.id FROM "webhook_delivery" c WHERE c.id = :after AND c."endpointId" = :endpointId)', {
        after,
      });
    }
    return qb;
  };
  if (after && !(await db.getRepository(WebhookDelivery).existsBy({ id: after, endpointId }))) {
    throw badInput(CURSOR_UNKNOWN, { field: 'after' });
  }
  return fetchCursorPage(
    page,
    (limit) => query(true).orderBy('d."createdAt"', 'DESC').addOrderBy('d.id', 'DESC').offset(page.offset).limit(limit).getMany(),
    () => query(false).getCount(),
    (delivery) => toCursor(delivery.id),
  );
}

/** Every attempt of some deliveries, oldest first, by delivery. */
export async function attemptsOf(db: DataSource, deliveryIds: readonly string[]): Promise<WebhookAttempt[][]> {
  const attempts = await db.getRepository(WebhookAttempt).find({ where: { deliveryId: In([...deliveryIds]) }, order: { attemptedAt: 'ASC', id: 'ASC' } });
  return deliveryIds.map((id) => attempts.filter((attempt) => attempt.deliveryId === id));
}

/** Sends a delivery's event again: a new delivery with the same event id and body, queued at once. */
export async function resendWebhookDelivery(deps: WebhookDeps, viewer: Viewer, id: string, address: string): Promise<WebhookDelivery> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  if (!isUuid(id)) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND, 'WEBHOOK_DELIVERY_NOT_FOUND');
  await deps.queue.start(deps.db, deps.secretKey);
  return deps.db.transaction(async (manager) => {
    const original = await manager.getRepository(WebhookDelivery).findOneBy({ id });
    if (!original) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND, 'WEBHOOK_DELIVERY_NOT_FOUND');
    const endpoint = await manager.getRepository(WebhookEndpoint).findOneBy({ id: original.endpointId });
    if (!endpoint || endpoint.deletedAt) throw badInput('Its endpoint was deleted: nothing can be sent to it', { field: 'id' });
    const repo = manager.getRepository(WebhookDelivery);
    const resent = await repo.save(
      repo.create({
        endpointId: original.endpointId,
        eventId: original.eventId,
        eventType: original.eventType,
        body: original.body,
        status: WebhookDeliveryStatus.PENDING,
      }),
    );
    await queueDeliveries(manager, [resent]);
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.RESEND_WEBHOOK_DELIVERY,
      targetType: AuditTarget.WEBHOOK_DELIVERY,
      targetId: resent.id,
      detail: { eventId: original.eventId, type: original.eventType, resentFrom: original.id },
    });
    return resent;
  });
}

/** The endpoint `id`, still registered, locked for the transaction of `manager`; or not found. */
async function liveEndpoint(manager: EntityManager, id: string): Promise<WebhookEndpoint> {
  const endpoint = isUuid(id) ? await manager.getRepository(WebhookEndpoint).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
  if (!endpoint || endpoint.deletedAt) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  return endpoint;
}

/** Sends one endpoint a signed `ping` event (a delivery like any other: logged, retried), whatever its events. */
export async function sendTestWebhook(deps: WebhookDeps, viewer: Viewer, endpointId: string): Promise<boolean> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  await deps.queue.start(deps.db, deps.secretKey);
  await deps.db.transaction(async (manager) => {
    const endpoint = await liveEndpoint(manager, endpointId);
    const { eventId, body } = webhookBody(WebhookEventType.PING, { endpointId: endpoint.id });
    const repo = manager.getRepository(WebhookDelivery);
    const delivery = await repo.save(
      repo.create({ endpointId: endpoint.id, eventId, eventType: WebhookEventType.PING, body, status: WebhookDeliveryStatus.PENDING }),
    );
    await queueDeliveries(manager, [delivery]);
  });
  return true;
}

/**
 * Gives an endpoint a new signing secret, answered once. The secret it had keeps signing beside
 * the new one for PREVIOUS_SECRET_HOURS (two `v1` signatures in the header), so the receiver can
 * change over without losing a delivery; a rotation within that time drops the oldest.
 */
export async function rotateWebhookSecret(deps: WebhookDeps, viewer: Viewer, endpointId: string, address: string): Promise<WebhookEndpointWithSecret> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  const secret = newWebhookSecret();
  const endpoint = await deps.db.transaction(async (manager) => {
    const endpoint = await liveEndpoint(manager, endpointId);
    const rotated = {
      secretEncrypted: encryptSecret(deps.secretKey, secret),
      previousSecretEncrypted: endpoint.secretEncrypted,
      previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_HOURS * 60 * 60 * 1000),
    };
    await manager.getRepository(WebhookEndpoint).update({ id: endpoint.id }, rotated);
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.ROTATE_WEBHOOK_SECRET,
      targetType: AuditTarget.WEBHOOK_ENDPOINT,
      targetId: endpoint.id,
      detail: { url: endpoint.url, previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString() },
    });
    return Object.assign(endpoint, rotated);
  });
  return { endpoint, secret };
}

/** Turns on again an endpoint turned off after failing for days: new events reach it; the failed deliveries can be resent. */
export async function enableWebhookEndpoint(deps: WebhookDeps, viewer: Viewer, endpointId: string, address: string): Promise<WebhookEndpoint> {
  requireRole(viewer, roles.admin, ONLY_ADMINS);
  await deps.queue.startEndpoint(deps.db, deps.secretKey, endpointId);
  return deps.db.transaction(async (manager) => {
    const endpoint = await liveEndpoint(manager, endpointId);
    if (!endpoint.disabledAt) return endpoint;
    await manager.getRepository(WebhookEndpoint).update({ id: endpoint.id }, { disabledAt: null, failingSince: null });
    await recordAudit(manager, {
      viewer,
      address,
      action: AuditAction.ENABLE_WEBHOOK_ENDPOINT,
      targetType: AuditTarget.WEBHOOK_ENDPOINT,
      targetId: endpoint.id,
      detail: { url: endpoint.url },
    });
    return Object.assign(endpoint, { disabledAt: null, failingSince: null });
  });
}
