import type { ProductModule } from '../product-module';
import { OutboxResolver } from './outbox.resolver';
import { OutboxMessage } from './outbox-message.entity';
import { MAIL_QUEUE } from './mailer';

export const mailModule: ProductModule = {
  name: 'mail',
  resolvers: [OutboxResolver],
  entities: [OutboxMessage],
  // Queued mail is delivered from every server copy (and the worker); each message by one of them.
  jobs: ({ mail }) => [{ queue: MAIL_QUEUE, phase: 'before-listening', start: () => mail.work() }],
};
