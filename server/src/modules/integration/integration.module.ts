import type { ProductModule } from '../../kernel/product-module';
import type { Services } from '../../kernel/services';
import { ApiKeyResolver, WebhookResolver } from './integration.resolver';
import { ApiKey, type ApiKeyCaller } from './api-key.entity';
import { WebhookEndpoint, WebhookDelivery, WebhookAttempt } from './webhook.entity';
import { WebhookQueue, type WebhookQueueOptions } from './webhook-queue';
import { WEBHOOK_QUEUE } from './webhook-events';
import { webhookSecretKey } from './webhook-signature';
import { WebhookTargets } from './webhook-target';
import type { WebhookDeps } from './webhook.service';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** Webhook endpoints and deliveries. */
    webhooks: WebhookDeps;
  }
}

declare module '../../kernel/context' {
  interface RequestFields {
    /** The API key the request was sent with, if any (then viewer is null); graphql/api-key-scopes.ts keeps it within its scopes. */
    apiKey?: ApiKeyCaller | null;
  }
}

/** The webhook services; `retries`: by default about a day of them (tests give shorter ones). */
export function webhookServices({ env, db, log, jobs, jwtSecret, mail }: Services, retries?: WebhookQueueOptions): WebhookDeps {
  return {
    db,
    queue: new WebhookQueue(jobs, log, retries, new WebhookTargets(new Set(env.webhookAllowedTargets), retries?.resolve), mail.mailer),
    secretKey: webhookSecretKey(jwtSecret),
    allowHttp: env.nodeEnv !== 'production',
  };
}

export const integrationModule: ProductModule = {
  name: 'integration',
  services: { webhooks: (services) => webhookServices(services) },
  resolvers: [ApiKeyResolver, WebhookResolver],
  entities: [ApiKey, WebhookEndpoint, WebhookDelivery, WebhookAttempt],
  // Deliveries are worked where some endpoint is registered; registering the first one starts the queue.
  jobs: ({ db, webhooks }) => [{ queue: WEBHOOK_QUEUE, phase: 'before-listening', start: () => webhooks.queue.startIfNeeded(db, webhooks.secretKey) }],
  requestFields: (_services, http) => ({ apiKey: http?.req.apiKey ?? null }),
};
