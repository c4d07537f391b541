import { In, IsNull, type DataSource } from 'typeorm';
import type { Jobs } from '../../db/job-queue';
import { startScheduledWork } from '../../db/job-queues';
import type { AppLogger } from '../../logger';
import { localeOf, type Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import type { Mailer } from '../mail/mailer';
import { mailText, type MailKind } from '../mail/mail-text';
import { User } from '../user/user.entity';
import { Attempt } from './attempt.entity';
import { finishAtDeadline } from './attempt.service';
import { meritRanks } from './leaderboard.service';
import { LiveExamNotice, LiveExamReminder, LiveExamResultsDeclined, NoticeMoment, ReminderChannel } from './live-exam-reminder.entity';
import { ModelTest } from './model-test.entity';

/** The scheduled run that sends live exams' reminders and, once they closed, their results. */
export const LIVE_EXAM_NOTICES_QUEUE = 'live-exam-notices';
/** Every minute (pg-boss cron's finest step). */
export const LIVE_EXAM_NOTICES_CRON = '* * * * *';
/** A test closed longer ago than this sends no results any more (a server started on an old database). */
const RESULTS_WITHIN_HOURS = 48;

/** Each reminder is due from its moment until the next one (the last until the test opens). */
const REMINDER_MOMENTS: Array<{ moment: NoticeMoment; fromSeconds: number; untilSeconds: number }> = [
  { moment: NoticeMoment.HOUR_BEFORE, fromSeconds: 3600, untilSeconds: 600 },
  { moment: NoticeMoment.TEN_MINUTES_BEFORE, fromSeconds: 600, untilSeconds: 0 },
];

export interface NoticeDeps {
  db: DataSource;
  mailer: Mailer;
  publicUrl: string;
  log: AppLogger;
}

interface Recipient {
  userId: string;
  language: Language;
  email: string | null;
  emailVerifiedAt: Date | null;
  phone: string | null;
  phoneConfirmedAt: Date | null;
}

/** A moment as the reader's language writes it, in Bangladesh's time: "28 November, 9:00 pm" / "২৮ নভেম্বর, রাত ৯:০০". */
export function examTime(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Dhaka' }).format(
    date,
  );
}

const number = (language: Language, value: number) => new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(value);

/**
 * Claims the notice (one row per student, test and moment) and only then hands the message to the
 * outbox: a second run, or a second server copy, finds the row and sends nothing. A message that
 * could not be written gives its claim back, so the next run tries again.
 */
async function sendOnce(deps: NoticeDeps, userId: string, testId: string, moment: NoticeMoment, send: () => Promise<void>): Promise<boolean> {
  const claimed = await deps.db
    .createQueryBuilder()
    .insert()
    .into(LiveExamNotice)
    .values({ userId, testId, moment })
    .orIgnore()
    .returning(['userId'])
    .execute();
  if ((claimed.raw as unknown[]).length === 0) return false;
  try {
    await send();
    return true;
  } catch (error) {
    await deps.db.getRepository(LiveExamNotice).delete({ userId, testId, moment });
    throw error;
  }
}

/** Sends one notice by the channel asked for: SMS to a confirmed number, mail to a confirmed address; false when it has neither. */
async function deliver(
  deps: NoticeDeps,
  to: Recipient,
  channel: ReminderChannel,
  kind: MailKind,
  smsKey: 'sms.liveExamReminder' | 'sms.liveExamResult',
  values: Record<string, string>,
) {
  const sms = to.phone && to.phoneConfirmedAt ? to.phone : null;
  const mail = to.email && to.emailVerifiedAt ? to.email : null;
  if ((channel === ReminderChannel.SMS && sms) || (!mail && sms)) return deps.mailer.sendSms(sms, text(to.language, smsKey, values));
  if (mail) return deps.mailer.send({ to: mail, ...mailText(to.language, kind, values) });
  deps.log.info({ userId: to.userId }, 'a live exam notice has no confirmed number or address to go to');
}

const RECIPIENT_COLUMNS = `u."id" AS "userId", u."language", u."email", u."emailVerifiedAt", u."phone", u."phoneConfirmedAt"`;

/** Sends the reminders due at `now`: each at most once, in its student's language. */
export async function sendDueReminders(deps: NoticeDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const moments = REMINDER_MOMENTS.map((_, index) => `($${index * 3 + 2}::text, $${index * 3 + 3}::int, $${index * 3 + 4}::int)`).join(', ');
  const due = await db.query<Array<Recipient & { testId: string; title: string; opensAt: Date; channel: ReminderChannel; moment: NoticeMoment }>>(
    `SELECT ${RECIPIENT_COLUMNS}, t."id" AS "testId", t."title", t."opensAt", r."channel", m."moment"
       FROM "${db.getMetadata(LiveExamReminder).tableName}" r
       JOIN "${db.getMetadata(ModelTest).tableName}" t ON t."id" = r."testId" AND t."published"
       JOIN "${db.getMetadata(User).tableName}" u ON u."id" = r."userId"
       CROSS JOIN (VALUES ${moments}) AS m("moment", "fromSeconds", "untilSeconds")
      WHERE t."opensAt" - make_interval(secs => m."fromSeconds") <= $1 AND t."opensAt" - make_interval(secs => m."untilSeconds") > $1
        AND NOT EXISTS (SELECT 1 FROM "${db.getMetadata(LiveExamNotice).tableName}" n
                         WHERE n."userId" = r."userId" AND n."testId" = r."testId" AND n."moment" = m."moment")`,
    [now, ...REMINDER_MOMENTS.flatMap((m) => [m.moment, m.fromSeconds, m.untilSeconds])],
  );
  let sent = 0;
  for (const row of due) {
    const values = {
      title: row.title,
      time: examTime(row.language, new Date(row.opensAt)),
      link: new URL(`/model-tests/${row.testId}`, deps.publicUrl).toString(),
    };
    if (await sendOnce(deps, row.userId, row.testId, row.moment, () => deliver(deps, row, row.channel, 'liveExamReminder', 'sms.liveExamReminder', values)))
      sent += 1;
  }
  return sent;
}

/**
 * Once a scheduled test has closed and its grace window passed, ranks everyone who took it (the
 * leaderboard's own order) and tells each their score and rank, once: by the channel of their
 * reminder, or else by mail (SMS for an account with only a number); a student who declined
 * results (setLiveExamResults) is sent nothing, then or later. A test whose unfinished
 * attempts cannot be submitted yet waits for the next run.
 */
export async function sendDueResults(deps: NoticeDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const tests = await db
    .getRepository(ModelTest)
    .createQueryBuilder('t')
    .where('t.published AND t."closesAt" IS NOT NULL')
    .andWhere(`t."closesAt" + make_interval(secs => t."graceSeconds") <= :now`, { now })
    .andWhere(`t."closesAt" > :since`, { since: new Date(now.getTime() - RESULTS_WITHIN_HOURS * 3600_000) })
    .getMany();
  let sent = 0;
  for (const test of tests) {
    if (!(await finishUnfinished(db, test.id))) continue;
    const ranks = await meritRanks(db, test.id);
    if (ranks.length === 0) continue;
    const noticed = new Set((await db.getRepository(LiveExamNotice).findBy({ testId: test.id, moment: NoticeMoment.RESULT })).map((notice) => notice.userId));
    const declined = new Set(
      (await db.getRepository(LiveExamResultsDeclined).findBy({ userId: In(ranks.map((row) => row.userId)) })).map((choice) => choice.userId),
    );
    // A result declined is settled as it is: saying yes later sends the next exams' results, not this one.
    for (const row of ranks)
      if (declined.has(row.userId) && !noticed.has(row.userId)) await sendOnce(deps, row.userId, test.id, NoticeMoment.RESULT, async () => {});
    const waiting = ranks.filter((row) => !noticed.has(row.userId) && !declined.has(row.userId));
    if (waiting.length === 0) continue;
    const recipients = new Map(
      (
        await db.query<Recipient[]>(`SELECT ${RECIPIENT_COLUMNS} FROM "${db.getMetadata(User).tableName}" u WHERE u."id" = ANY($1)`, [
          waiting.map((row) => row.userId),
        ])
      ).map((row) => [row.userId, row]),
    );
    const channels = new Map((await db.getRepository(LiveExamReminder).findBy({ testId: test.id })).map((reminder) => [reminder.userId, reminder.channel]));
    for (const row of waiting) {
      const to = recipients.get(row.userId);
      if (!to) continue;
      const values = {
        title: test.title,
        score: number(to.language, row.score),
        rank: number(to.language, row.rank),
        participants: number(to.language, row.participants),
        link: new URL(`/model-tests/${test.id}`, deps.publicUrl).toString(),
      };
      const channel = channels.get(row.userId) ?? ReminderChannel.EMAIL;
      if (await sendOnce(deps, row.userId, test.id, NoticeMoment.RESULT, () => deliver(deps, to, channel, 'liveExamResult', 'sms.liveExamResult', values)))
        sent += 1;
    }
  }
  return sent;
}

/** Submits the test's attempts still unfinished (their time is up once the test closed); false if one cannot be yet. */
async function finishUnfinished(db: DataSource, testId: string): Promise<boolean> {
  const open = await db.getRepository(Attempt).find({ where: { testId, submittedAt: IsNull() }, select: { id: true } });
  for (const attempt of open) {
    try {
      await finishAtDeadline(db, attempt.id);
    } catch {
      return false;
    }
  }
  return true;
}

/** One run: the reminders due now, then the results of the tests that closed. */
export async function sendLiveExamNotices(deps: NoticeDeps, now = new Date()): Promise<void> {
  try {
    const reminders = await sendDueReminders(deps, now);
    const results = await sendDueResults(deps, now);
    if (reminders + results > 0) deps.log.info({ reminders, results }, 'live exam notices sent');
  } catch (error) {
    // The next tick tries again: what was sent is not sent twice.
    deps.log.error({ err: error }, 'sending live exam notices failed');
  }
}

/** Every minute, on one server copy at a time: live exams' reminders and results. */
export function startLiveExamNotices(jobs: Jobs, deps: NoticeDeps): Promise<void> {
  return startScheduledWork(jobs, { queue: LIVE_EXAM_NOTICES_QUEUE, cron: LIVE_EXAM_NOTICES_CRON, expireInSeconds: 300, runAtStart: true }, () =>
    sendLiveExamNotices(deps),
  );
}
