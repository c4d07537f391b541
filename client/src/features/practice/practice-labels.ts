import { localDigits } from '../../lib/digits';
import type { Language } from '../../lib/i18n';

export const ADMISSION_LEVEL = 13;
/** The class filter's choices: classes 1 to 12, then admission. */
export const LEVELS = Array.from({ length: 13 }, (_, i) => i + 1);

export const subjectName = (subject: { nameBn: string; nameEn: string } | null | undefined, language: Language) =>
  subject ? (language === 'bn' ? subject.nameBn : subject.nameEn) : '';

/** "mm:ss" (or "h:mm:ss") in the page's digits. */
export function clock(seconds: number, language: Language): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const text = (parts[0] > 0 ? parts : parts.slice(1)).map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join(':');
  return localDigits(text, language);
}
