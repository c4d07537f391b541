import type { ProductModule } from '../product-module';
import { OutboxResolver } from './outbox.resolver';
import { OutboxMessage } from './outbox-message.entity';

export const mailModule: ProductModule = {
  name: 'mail',
  resolvers: [OutboxResolver],
  entities: [OutboxMessage],
};
