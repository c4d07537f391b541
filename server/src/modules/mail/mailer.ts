import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { OutboxMessage } from './outbox-message.entity';

export const SENT_BODY = '(sent; the body is not kept)';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is recorded in the outbox. With SMTP_URL it is also sent (and marked sent);
 * without it, it stays in the outbox (bodies are logged at debug only), so the flows work offline.
 */
export function createMailer(db: DataSource, log: AppLogger, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const stored = await db.getRepository(OutboxMessage).save({ ...message, sentAt: null });
      // Bodies carry single-use links: they are never logged above debug.
      log.debug({ outboxId: stored.id, text: message.text }, 'mail body');
      if (!transport) {
        log.info({ outboxId: stored.id, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        // Once sent, the outbox keeps that it was sent, not the links inside it.
        await db.getRepository(OutboxMessage).update(stored.id, { sentAt: new Date(), text: SENT_BODY });
      } catch (error) {
        // The message stays in the outbox unsent; the person's action still succeeds.
        log.error({ err: error, outboxId: stored.id }, 'sending mail failed');
      }
    },
  };
}
