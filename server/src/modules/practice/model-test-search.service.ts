import type { DataSource } from 'typeorm';
import { ModelTest } from './model-test.entity';
import { Subject } from './subject.entity';
import { ADMISSION_LEVEL } from './syllabus';

/** What a search text asks of the practice side: a subject, a class, tests in general. */
export interface PracticeSearchAnswer {
  subject: Subject | null;
  classLevel: number | null;
  tests: ModelTest[];
}

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
const latinDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(BANGLA_DIGITS.indexOf(d)));

/** Bangla class names: নবম শ্রেণি, দশম, ... */
const BANGLA_ORDINALS = ['প্রথম', 'দ্বিতীয়', 'তৃতীয়', 'চতুর্থ', 'পঞ্চম', 'ষষ্ঠ', 'সপ্তম', 'অষ্টম', 'নবম', 'দশম', 'একাদশ', 'দ্বাদশ'];
const TEST_WORDS =
  /model\s*tests?|mock\s*tests?|\btests?\b|\bexams?\b|\bquiz(zes)?\b|\bmcq\b|practi[cs]e|মডেল\s*টেস্ট|টেস্ট|পরীক্ষা|কুইজ|অনুশীলন|প্র্যাকটিস|এমসিকিউ/iu;

/** The class a text names: "class 9", "৯ম শ্রেণি", "নবম", "9th", SSC (9), HSC (11), admission (13); null when none. */
export function classOf(raw: string): number | null {
  const text = latinDigits(raw.normalize('NFC')).toLowerCase();
  if (/\bssc\b|এসএসসি/u.test(text)) return 9;
  if (/\bhsc\b|এইচএসসি/u.test(text)) return 11;
  if (/admission|ভর্তি/u.test(text)) return ADMISSION_LEVEL;
  const numbered =
    /(?:class|grade|শ্রেণি|শ্রেণী)\s*(\d{1,2})\b|(\d{1,2})\s*(?:st|nd|rd|th|ম|য়|র্থ|ষ্ঠ|শ)?\s*(?:class|grade|শ্রেণি|শ্রেণী)|\b(\d{1,2})(?:st|nd|rd|th)\b|(\d{1,2})(?:ম|য়|র্থ|ষ্ঠ|শ)(?=\s|$)/u.exec(
      text,
    );
  const level = numbered ? Number(numbered.slice(1).find((group) => group !== undefined)) : NaN;
  if (level >= 1 && level <= 12) return level;
  // Longest first: একাদশ before দশম.
  const ordinal = [...BANGLA_ORDINALS.entries()].sort((a, b) => b[1].length - a[1].length).find(([, word]) => text.includes(word));
  return ordinal ? ordinal[0] + 1 : null;
}

/** The subject a text names, in Bangla or English, whole or by the start of its name (পদার্থ, chem). */
export function subjectOf(raw: string, subjects: Subject[]): Subject | null {
  const text = raw.normalize('NFC').toLowerCase();
  const words = text.split(/[\s,.;:!?।]+/u).filter((word) => word.length >= 4);
  const names = (subject: Subject) => [subject.nameBn, subject.nameEn, subject.id.replace(/-/g, ' ')].map((name) => name.normalize('NFC').toLowerCase());
  return (
    subjects.find((subject) => names(subject).some((name) => text.includes(name))) ??
    subjects.find((subject) => names(subject).some((name) => words.some((word) => name.startsWith(word)))) ??
    null
  );
}

/**
 * The model tests and practice a search text points to: a subject, a class, or words such as
 * "model test", "মডেল টেস্ট", "পরীক্ষা", "practice"; null when it names none of them.
 */
export async function searchPractice(db: DataSource, text: string, limit = 6): Promise<PracticeSearchAnswer | null> {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 200) return null;
  const subjects = await db.getRepository(Subject).find({ order: { position: 'ASC' } });
  const subject = subjectOf(trimmed, subjects);
  const classLevel = classOf(trimmed);
  if (!subject && classLevel === null && !TEST_WORDS.test(trimmed)) return null;
  const query = db.getRepository(ModelTest).createQueryBuilder('t').where('t.published');
  if (subject) query.andWhere('t."subjectId" = :subject', { subject: subject.id });
  if (classLevel !== null) query.andWhere('t."classLevel" = ANY(:levels)', { levels: classLevel === 9 || classLevel === 10 ? [9, 10] : [classLevel] });
  const tests = await query.orderBy('t.free', 'DESC').addOrderBy('t."createdAt"', 'DESC').addOrderBy('t.id').take(limit).getMany();
  return { subject, classLevel, tests };
}
