import type { DataSource } from 'typeorm';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/languages';
import { text, type TextKey, type TextValues } from '../../i18n/translate';
import { User } from '../user/user.entity';

/** The emails the product sends; each has `mail.<kind>.subject` and `.text` in server/src/i18n/en.json and bn.json. */
export type MailKind =
  | 'reset'
  | 'verify'
  | 'receipt'
  | 'refund'
  | 'secondPaymentRefunded'
  | 'smsBudget'
  | 'smsBudgetWarning'
  | 'lessonHidden'
  | 'liveExamReminder'
  | 'liveExamResult'
  | 'webhookDisabled'
  | 'announcement'
  | 'lessonQuestions'
  | 'lessonQuestionAnswered';

/** An email's subject and body in `language`. */
export function mailText(language: Language, kind: MailKind, values: TextValues): { subject: string; text: string } {
  return { subject: text(language, `mail.${kind}.subject` as TextKey, values), text: text(language, `mail.${kind}.text` as TextKey, values) };
}

/** The language an account reads its email in (English for an account that is gone). */
export async function accountLanguage(db: DataSource, userId: string): Promise<Language> {
  const user = await db.getRepository(User).findOne({ where: { id: userId }, select: { id: true, language: true } });
  return user?.language ?? DEFAULT_LANGUAGE;
}

/** A day as the reader's language writes it: 2026-11-23 in English emails (as before), ২৩ নভেম্বর, ২০২৬ in Bangla. */
export function mailDate(language: Language, date: Date): string {
  if (language === 'en') return date.toISOString().slice(0, 10);
  return new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' }).format(date);
}
