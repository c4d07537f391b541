import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { OutboxMessage } from './outbox-message.entity';

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
 * without it, it stays in the outbox and the log, so the flows work offline.
 */
export function createMailer(db: DataSource, log: AppLogger, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const stored = await db.getRepository(OutboxMessage).save({ ...message, sentAt: null });
      if (!transport) {
        log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        await db.getRepository(OutboxMessage).update(stored.id, { sentAt: new Date() });
      } catch (error) {
        // The message stays in the outbox unsent; the person's action still succeeds.
        log.error({ err: error, outboxId: stored.id }, 'sending mail failed');
      }
    },
  };
}
