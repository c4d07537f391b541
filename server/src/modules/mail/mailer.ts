import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';
import { IsNull, Not, type DataSource } from 'typeorm';
import type { MailEnv } from '../../config/env';
import type { AppLogger } from '../../logger';
import { OutboxMessage } from './outbox-message.entity';
import { ensureQueue } from '../../db/job-queues';

export const SENT_BODY = '(sent; the body is not kept)';
/** The job queue (pg-boss) that delivers the outbox. */
export const MAIL_QUEUE = 'send-mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sending is enqueueing: the message is written to the outbox and a job delivers it; no request waits on SMTP. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The one PostgreSQL job queue of the process (started by the video module's queue). */
export interface JobBoss {
  boss(): Promise<PgBoss>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  mail: MailEnv;
}

interface MailJob {
  outboxId: string;
}

/** The outbox and its delivery: `mailer` for whoever sends, `work()` for the process that delivers, `sendAgain` for admins. */
export interface MailService {
  mailer: Mailer;
  /** Delivers queued mail in this process (a no-op without SMTP_URL). */
  work(): Promise<void>;
  /** Queues a message that failed for good once more; false when it was sent meanwhile or is unknown. */
  sendAgain(outboxId: string): Promise<boolean>;
}

/** SMTP errors name hosts and ports at most, never a file; kept short for the admin's list. */
const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

/**
 * Every message is recorded in the outbox in the caller's request. With SMTP_URL a `send-mail` job hands
 * it to the SMTP server, with short timeouts; a failed attempt is retried with backoff (so mail waits out
 * an SMTP outage and goes once the server is back), and a message whose retries all failed is shown to
 * admins. Without SMTP_URL it stays in the outbox (bodies are logged at debug only), so the flows work offline.
 */
export function createMailService(db: DataSource, log: AppLogger, settings: MailSettings, jobs: JobBoss): MailService {
  const timeout = settings.mail.timeoutSeconds * 1000;
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never)
    : undefined;
  const retry = { retryLimit: settings.mail.retryLimit, retryDelay: settings.mail.retryDelaySeconds, retryBackoff: true };
  // One attempt takes at most three timeouts (connect, greeting, a reply); past that pg-boss takes it as crashed.
  const expireInSeconds = settings.mail.timeoutSeconds * 6 + 30;
  let ready: Promise<PgBoss> | null = null;
  const queue = () =>
    (ready ??= jobs.boss().then(async (boss) => {
      await ensureQueue(boss, MAIL_QUEUE, { ...retry, expireInSeconds });
      return boss;
    })).catch((error: unknown) => {
      ready = null;
      throw error;
    });

  const enqueue = async (outboxId: string) => {
    const boss = await queue();
    await boss.send(MAIL_QUEUE, { outboxId } satisfies MailJob, { ...retry, expireInSeconds });
  };

  const deliver = async (job: PgBoss.JobWithMetadata<MailJob>) => {
    const outbox = db.getRepository(OutboxMessage);
    const message = await outbox.findOneBy({ id: job.data.outboxId, sentAt: IsNull() });
    if (!message || !transport) return;
    try {
      await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await outbox.update(message.id, {
        failedAttempts: () => '"failedAttempts" + 1',
        lastError: describeError(error),
        gaveUpAt: last ? new Date() : null,
      });
      log.warn(
        { err: error, outboxId: message.id, attempt: job.retryCount + 1, last },
        last ? 'mail not sent: every retry failed' : 'mail not sent yet: will retry',
      );
      throw error;
    }
    // Once sent, the outbox keeps that it was sent, not the links inside it.
    await outbox.update(message.id, { sentAt: new Date(), text: SENT_BODY, gaveUpAt: null });
  };

  return {
    mailer: {
      async send(message) {
        const stored = await db.getRepository(OutboxMessage).save({ ...message, sentAt: null });
        // Bodies carry single-use links: they are never logged above debug.
        log.debug({ outboxId: stored.id, text: message.text }, 'mail body');
        if (!transport) {
          log.info({ outboxId: stored.id, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
          return;
        }
        try {
          await enqueue(stored.id);
        } catch (error) {
          // The message stays in the outbox; the worker picks up what was never queued when it starts.
          log.error({ err: error, outboxId: stored.id }, 'queueing mail failed');
        }
      },
    },
    async work() {
      if (!transport) return;
      const boss = await queue();
      // Mail written while the queue could not be reached (a database blip) is queued now.
      const stranded = await db.query<Array<{ id: string }>>(
        `SELECT o.id FROM outbox_message o
          WHERE o."sentAt" IS NULL AND o."gaveUpAt" IS NULL AND o."createdAt" > now() - interval '7 days'
            AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $1 AND j.data->>'outboxId' = o.id::text)`,
        [MAIL_QUEUE],
      );
      for (const { id } of stranded) await enqueue(id);
      await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => deliver(job));
    },
    async sendAgain(outboxId) {
      const outbox = db.getRepository(OutboxMessage);
      const { affected } = await outbox.update({ id: outboxId, sentAt: IsNull(), gaveUpAt: Not(IsNull()) }, { gaveUpAt: null });
      if (!affected) return false;
      await enqueue(outboxId);
      return true;
    },
  };
}
