import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';
import { IsNull, MoreThan, Not, type DataSource } from 'typeorm';
import type { MailEnv } from '../../config/messaging-settings';
import type { AppLogger } from '../../logger';
import { OutboxMessage } from './outbox-message.entity';
import { phoneOfAddress } from '../../shared/phone';
import { SmsGatewayError, type SmsProvider } from '../phone/sms-provider';
import { countCodeEvent, DROPPED_CODE_BODY, endUnsentCodes, STALE_CODE_MINUTES, STALE_CODE_REASON, startCodeValidity } from '../phone/code-delivery';
import { text as catalogueText } from '../../i18n/translate';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import type { Jobs } from '../../db/job-queue';
import { workQueue } from '../../db/job-queues';
import { openText, sealText } from './sealed-text';
import { DEAD_LINK_REASON, linkStillUsable, startLinkValidity, type LinkKind } from '../auth/link-delivery';

export const SENT_BODY = '(sent; the body is not kept)';
/** The job queue (pg-boss) that delivers the outbox's mail. */
export const MAIL_QUEUE = 'send-mail';
/**
 * SMS have a queue of their own, worked by SMS_WORKERS workers at once: a sign-in code never waits
 * behind mail (an SMTP server that hangs holds the mail queue for its timeouts) nor behind another SMS.
 */
export const SMS_QUEUE = 'send-sms';
export const SMS_WORKERS = 4;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The single-use link the mail carries (auth/link-delivery.ts): its lifetime starts when this mail is handed over. */
  link?: { kind: LinkKind; id: string };
  /** The page of this site where the whole message can be read (a receipt's page): an SMS standing in for this mail links there, not to the profile. */
  page?: string;
}

/** The body kept for a mail that was dropped (never sent): the link itself is not kept. */
export const DROPPED_MAIL_BODY = '(not sent; the body is not kept)';

/** Sending is enqueueing: the message is written to the outbox and a job delivers it; no request waits on SMTP or an SMS gateway. */
export interface Mailer {
  /**
   * An email. To an account made with a mobile number (its stand-in address, shared/phone.ts), a short
   * SMS goes instead, naming the subject and pointing to the profile where the full text is.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * An SMS to +8801XXXXXXXXX. Its text may carry a sign-in code: it is logged at debug level only.
   * With `code`, the SMS carries that sign-in code: the code starts to work when the SMS is handed over;
   * `held` keeps it in the outbox, unsent, until `handOverHeldSms` (the daily SMS budget, sms-budget.ts).
   */
  sendSms(to: string, text: string, code?: { signInCodeId: string; held: boolean }): Promise<void>;
  /** Sends a code SMS that waited (its `heldAt` already cleared by whoever took it from the budget). */
  handOverHeldSms(outboxId: string): Promise<void>;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  mail: MailEnv;
  /** The SMS gateway; null keeps SMS in the outbox (development, tests). */
  sms?: SmsProvider | null;
  /** The site's address, for the profile link of SMS that stand in for mail. */
  publicUrl?: string;
  /**
   * Seals the text of a code SMS while it waits in the outbox for the gateway (sealed-text.ts); without it
   * (tests of mail alone) texts are kept as they are. Without a gateway the outbox is where codes are read,
   * so they stay readable there (development, tests).
   */
  sealKey?: Buffer;
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

/** The SMS that stands in for an email to an account without one: the subject and where to read the rest (the page given, or the profile). */
export function smsInsteadOfMail(language: Language, subject: string, publicUrl: string, page?: string): string {
  if (page) return catalogueText(language, 'sms.insteadOfMailAt', { subject, link: new URL(page, publicUrl).toString() });
  return catalogueText(language, 'sms.insteadOfMail', { subject, link: new URL('/myprofile', publicUrl).toString() });
}

/** SMTP errors name hosts and ports at most, never a file; kept short for the admin's list. */
const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);

/**
 * Every message is recorded in the outbox in the caller's request. With SMTP_URL a `send-mail` job hands
 * it to the SMTP server, with short timeouts; a failed attempt is retried with backoff (so mail waits out
 * an SMTP outage and goes once the server is back), and a message whose retries all failed is shown to
 * admins. Without SMTP_URL it stays in the outbox (bodies are logged at debug only), so the flows work offline.
 */
export function createMailService(db: DataSource, log: AppLogger, settings: MailSettings, jobs: Jobs): MailService {
  const timeout = settings.mail.timeoutSeconds * 1000;
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({
        url: settings.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        // A second longer than the greeting's: a server that never greets is told as that, whatever the load.
        socketTimeout: timeout + 1000,
      } as never)
    : undefined;
  const sms = settings.sms ?? null;
  const canDeliver = (channel: 'mail' | 'sms') => (channel === 'sms' ? sms !== null : transport !== undefined);
  const retry = { retryLimit: settings.mail.retryLimit, retryDelay: settings.mail.retryDelaySeconds, retryBackoff: true };
  // One attempt takes at most three timeouts (connect, greeting, a reply); past that pg-boss takes it as crashed.
  const expireInSeconds = settings.mail.timeoutSeconds * 6 + 30;
  const queue = workQueue(jobs, MAIL_QUEUE, { ...retry, expireInSeconds });
  const smsQueue = workQueue(jobs, SMS_QUEUE, { ...retry, expireInSeconds });

  const enqueue = async (outboxId: string, channel: 'mail' | 'sms') => {
    const boss = await (channel === 'sms' ? smsQueue() : queue());
    await boss.send(channel === 'sms' ? SMS_QUEUE : MAIL_QUEUE, { outboxId } satisfies MailJob, { ...retry, expireInSeconds });
  };

  const deliver = async (job: PgBoss.JobWithMetadata<MailJob>) => {
    const outbox = db.getRepository(OutboxMessage);
    const message = await outbox.findOneBy({ id: job.data.outboxId, sentAt: IsNull() });
    if (!message || message.heldAt || !canDeliver(message.channel)) return;
    if (message.signInCodeId && message.createdAt.getTime() < Date.now() - STALE_CODE_MINUTES * 60_000) {
      // A code asked for long ago (the gateway was down meanwhile) is not worth an SMS: dropped, counted as refused.
      await outbox.update(message.id, { gaveUpAt: new Date(), lastError: STALE_CODE_REASON, text: DROPPED_CODE_BODY });
      await endUnsentCodes(db, [message.signInCodeId]);
      await countCodeEvent(db, 'refused');
      return;
    }
    if (message.linkKind && message.linkId && !(await linkStillUsable(db, message.linkKind, message.linkId))) {
      // Its link was used meanwhile, ran out, or waited past its limit: a mail with a dead link is not sent.
      await outbox.update(message.id, { gaveUpAt: new Date(), lastError: DEAD_LINK_REASON, text: DROPPED_MAIL_BODY });
      return;
    }
    try {
      if (message.channel === 'sms') await sms!.send(message.to, settings.sealKey ? openText(settings.sealKey, message.text) : message.text);
      else await transport!.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      // A gateway's refusal that no retry can change (a wrong key, a refused number) is given up at once.
      const last = job.retryCount >= job.retryLimit || (error instanceof SmsGatewayError && error.permanent);
      await outbox.update(message.id, {
        failedAttempts: () => '"failedAttempts" + 1',
        lastError: describeError(error),
        gaveUpAt: last ? new Date() : null,
      });
      log.warn(
        { err: error, outboxId: message.id, attempt: job.retryCount + 1, last },
        last ? `${message.channel} not sent: every retry failed` : `${message.channel} not sent yet: will retry`,
      );
      if (last && error instanceof SmsGatewayError && error.permanent) return;
      throw error;
    }
    // The code's minutes start now that its SMS is on its way.
    if (message.signInCodeId) await startCodeValidity(db, message.signInCodeId);
    // So do the link's minutes (or hours).
    if (message.linkKind && message.linkId) await startLinkValidity(db, message.linkKind, message.linkId);
    // Once sent, the outbox keeps that it was sent, not the links inside it.
    await outbox.update(message.id, { sentAt: new Date(), text: SENT_BODY, gaveUpAt: null });
  };

  /** Hands a stored message on: to the queue, or without a provider or SMTP, it stays in the outbox. */
  const handOver = async (outboxId: string, channel: 'mail' | 'sms', signInCodeId: string | null, link?: MailMessage['link']) => {
    if (!canDeliver(channel)) {
      // Without a provider (or SMTP) the outbox is where a code or link is read (development, tests): its time starts now.
      if (signInCodeId) await startCodeValidity(db, signInCodeId);
      if (link) await startLinkValidity(db, link.kind, link.id);
      log.info({ outboxId, channel }, channel === 'sms' ? 'SMS kept in the outbox (no SMS_PROVIDER)' : 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    try {
      await enqueue(outboxId, channel);
    } catch (error) {
      // The message stays in the outbox; the worker picks up what was never queued when it starts.
      log.error({ err: error, outboxId }, `queueing ${channel} failed`);
    }
  };

  const store = async ({ link, page: _page, ...message }: MailMessage, channel: 'mail' | 'sms', code?: { signInCodeId: string; held: boolean }) => {
    // A code waiting for the gateway is kept sealed: the outbox table alone gives no code away.
    const kept = code && settings.sealKey && canDeliver('sms') ? sealText(settings.sealKey, message.text) : message.text;
    const stored = await db.getRepository(OutboxMessage).save({
      ...message,
      text: kept,
      channel,
      sentAt: null,
      signInCodeId: code?.signInCodeId ?? null,
      heldAt: code?.held ? new Date() : null,
      linkKind: link?.kind ?? null,
      linkId: link?.id ?? null,
    });
    // Bodies carry single-use links and sign-in codes: they are never logged above debug.
    log.debug({ outboxId: stored.id, channel, text: message.text }, `${channel} body`);
    if (code?.held) {
      log.info({ outboxId: stored.id }, 'SMS waits in the outbox for the daily SMS budget');
      return;
    }
    await handOver(stored.id, channel, code?.signInCodeId ?? null, link);
  };
  const accountLanguageOf = async (phone: string): Promise<Language> => {
    const [row] = await db.query<Array<{ language: string }>>(
      `SELECT language FROM "user" WHERE phone = $1 AND "phoneConfirmedAt" IS NOT NULL AND email IS NULL LIMIT 1`,
      [phone],
    );
    return row && isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  };
  return {
    mailer: {
      async send(message) {
        const phone = phoneOfAddress(message.to);
        if (!phone) return store(message, 'mail');
        const language = await accountLanguageOf(phone);
        await store(
          {
            to: phone,
            subject: message.subject,
            text: smsInsteadOfMail(language, message.subject, settings.publicUrl ?? 'http://localhost:4000', message.page),
            link: message.link,
          },
          'sms',
        );
      },
      async sendSms(to, text, code) {
        await store({ to, subject: 'SMS', text }, 'sms', code);
      },
      async handOverHeldSms(outboxId) {
        const message = await db.getRepository(OutboxMessage).findOneBy({ id: outboxId, sentAt: IsNull(), heldAt: IsNull(), gaveUpAt: IsNull() });
        if (message) await handOver(message.id, 'sms', message.signInCodeId);
      },
    },
    async work() {
      if (!transport && !sms) return;
      const channels = (['mail', 'sms'] as const).filter(canDeliver);
      const boss = channels.includes('mail') ? await queue() : await smsQueue();
      if (channels.includes('sms')) await smsQueue();
      // Messages written while the queue could not be reached (a database blip) are queued now.
      const stranded = await db.query<Array<{ id: string; channel: 'mail' | 'sms' }>>(
        `SELECT o.id, o.channel FROM outbox_message o
          WHERE o."sentAt" IS NULL AND o."gaveUpAt" IS NULL AND o."heldAt" IS NULL AND o."createdAt" > now() - interval '7 days'
            AND o.channel = ANY($2)
            AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ANY($1) AND j.data->>'outboxId' = o.id::text)`,
        [[MAIL_QUEUE, SMS_QUEUE], channels],
      );
      for (const { id, channel } of stranded) await enqueue(id, channel);
      if (channels.includes('mail')) {
        await boss.work<MailJob>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => deliver(job));
      }
      if (channels.includes('sms')) {
        // Several SMS at once, each on its own worker: one slow hand-over holds up no other code.
        for (let i = 0; i < SMS_WORKERS; i++) {
          await boss.work<MailJob>(SMS_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([job]) => deliver(job));
        }
      }
    },
    async sendAgain(outboxId) {
      const outbox = db.getRepository(OutboxMessage);
      // Only what failed every retry: a code SMS dropped unsent (too old, or replaced) never failed an attempt.
      const { affected } = await outbox.update({ id: outboxId, sentAt: IsNull(), gaveUpAt: Not(IsNull()), failedAttempts: MoreThan(0) }, { gaveUpAt: null });
      if (!affected) return false;
      const { channel } = await outbox.findOneByOrFail({ id: outboxId });
      await enqueue(outboxId, channel);
      return true;
    },
  };
}
