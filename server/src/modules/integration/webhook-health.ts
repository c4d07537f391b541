import type { DataSource } from 'typeorm';
import { mailText } from '../mail/mail-text';
import type { Mailer } from '../mail/mailer';
import { User } from '../user/user.entity';
import { WebhookEndpoint } from './webhook.entity';

/** An endpoint whose every attempt has failed for this long is turned off and its owner told. */
export const DISABLE_AFTER_FAILING_DAYS = 3;
export const ENDPOINT_DISABLED = `The endpoint is turned off: every delivery to it failed for ${DISABLE_AFTER_FAILING_DAYS} days`;

/**
 * Keeps an endpoint's health after one attempt: a success clears `failingSince`; a failure starts it,
 * and a failure DISABLE_AFTER_FAILING_DAYS after it turns the endpoint off (once, whichever copy gets
 * there first) and mails the admin who registered it.
 */
export async function recordEndpointHealth(db: DataSource, mailer: Mailer, endpoint: WebhookEndpoint, failed: boolean, at: Date): Promise<void> {
  if (!failed) {
    if (endpoint.failingSince) await db.getRepository(WebhookEndpoint).update({ id: endpoint.id }, { failingSince: null });
    return;
  }
  const turnedOff: Array<{ id: string }> = await db
    .query(
      `UPDATE "webhook_endpoint" SET "failingSince" = COALESCE("failingSince", $2),
       "disabledAt" = CASE WHEN "failingSince" <= $2::timestamptz - make_interval(days => $3) THEN $2 ELSE NULL END
     WHERE "id" = $1 AND "disabledAt" IS NULL
     RETURNING "id", "disabledAt"`,
      [endpoint.id, at, DISABLE_AFTER_FAILING_DAYS],
    )
    .then(([rows]: [Array<{ id: string; disabledAt: Date | null }>]) => rows.filter((row) => row.disabledAt));
  if (turnedOff.length === 0) return;
  const owner = await db.getRepository(User).findOne({ where: { id: endpoint.createdById }, select: { id: true, email: true, language: true } });
  if (owner?.email) {
    await mailer.send({
      to: owner.email,
      ...mailText(owner.language, 'webhookDisabled', { url: endpoint.url, days: DISABLE_AFTER_FAILING_DAYS }),
      page: '/admin-dashboard/integrations',
    });
  }
}
