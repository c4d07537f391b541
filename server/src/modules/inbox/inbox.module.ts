import type { ProductModule } from '../../kernel/product-module';
import { InboxResolver } from './inbox.resolver';
import { InboxMessage } from './inbox-message.entity';

export const inboxModule: ProductModule = {
  name: 'inbox',
  resolvers: [InboxResolver],
  entities: [InboxMessage],
};
