import type { ProductModule } from '../product-module';
import { ApiKeyResolver, WebhookResolver } from './integration.resolver';
import { ApiKey } from './api-key.entity';
import { WebhookEndpoint, WebhookDelivery, WebhookAttempt } from './webhook.entity';

export const integrationModule: ProductModule = {
  name: 'integration',
  resolvers: [ApiKeyResolver, WebhookResolver],
  entities: [ApiKey, WebhookEndpoint, WebhookDelivery, WebhookAttempt],
};
