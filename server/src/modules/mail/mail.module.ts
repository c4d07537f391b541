import type { ProductModule } from '../../kernel/product-module';
import { OutboxResolver } from './outbox.resolver';
import { OutboxMessage } from './outbox-message.entity';
import { createMailService, MAIL_QUEUE, type MailService } from './mailer';
import { outboxSealKey } from './sealed-text';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** The outbox: mail and SMS written in the request, delivered by the mail job. */
    mail: MailService;
  }
}

export const mailModule: ProductModule = {
  name: 'mail',
  services: {
    mail: ({ env, db, log, jobs, jwtSecret, sms }) =>
      createMailService(
        db,
        log,
        // The seal key comes from the servers' one secret: SMS texts one process sealed are opened by any other.
        { smtpUrl: env.smtpUrl, from: env.mailFrom, mail: env.mail, sms, publicUrl: env.publicUrl, sealKey: outboxSealKey(jwtSecret) },
        jobs,
      ),
  },
  resolvers: [OutboxResolver],
  entities: [OutboxMessage],
  // Queued mail is delivered from every server copy and the worker; each message by one of them.
  jobs: ({ mail }) => [{ queue: MAIL_QUEUE, phase: 'before-listening', processes: ['server', 'worker'], start: () => mail.work() }],
};
