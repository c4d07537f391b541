import { CourseCategory, CourseLanguage } from '../course/course.enums';
import { COURSE_TEXT_LIMITS, MAX_KEY_POINTS, MAX_LESSONS, MAX_PRICE, MAX_TAKA_PRICE } from '../course-editing/course.input';
import { checkEmail, normalizeEmail } from '../auth/sign-up-rules';
import { DEFAULT_USD_TO_BDT, proposeDollarPrice, proposeTakaPrice } from '../../shared/money';
import { checkWebAddress } from '../../shared/text-rules';
import { CLASS_ORDINALS, CLASS_WORDS, ORDINAL_ENDINGS } from '../../shared/class-words';
import { banglaDigitsAsLatin } from '../../shared/digits';
import { dateOf, keptId, legacyIdOf, refuse, text, wholeText, type Doc, type MapOptions, type Mapped } from './legacy-fields';
import { parseDollars, parsePrice, takaField } from './legacy-prices';

/** An old course document, read into a course and its lessons within the course editor's limits. */

export interface LegacyLesson {
  title: string;
  videoURL: string | null;
}

export interface CourseFields {
  id: string | null;
  name: string;
  description: string;
  /** Dollars. */
  price: number;
  /** Whole taka; 0 only for a free course. */
  priceBDT: number;
  photoURL: string | null;
  ratings: string | null;
  instructor: string;
  instructorEmail: string | null;
  keyPoints: string[];
  targetedPeoples: string | null;
  whyNeed: string | null;
  category: CourseCategory;
  classLevel: number | null;
  language: CourseLanguage;
  trending: boolean;
  lessons: LegacyLesson[];
  createdAt: string | null;
}

const nfc = (value: string) => value.normalize('NFC');
const BANGLA_LETTERS = /[\u0980-\u09FF]/;
const SCHOOL_WORDS = new RegExp(['class', 'school', ...CLASS_WORDS, 'স্কুল'].join('|'));
/** "নবম শ্রেণি" is class 9: the Bangla ordinals of the twelve classes, the twelfth first. */
const BANGLA_ORDINALS: Array<[string, number]> = CLASS_ORDINALS.map((word, i): [string, number] => [word, i + 1]).reverse();
const CLASS_WORD = `(?:class|${CLASS_WORDS.join('|')})`;
/** A class word, then its number: "Class 9", "শ্রেণি ৯". */
const CLASS_THEN_NUMBER = new RegExp(`${CLASS_WORD}\\s*[:-]?\\s*(\\d{1,2})(?!\\d)`);
/** A number (an ordinal or not), then a class word: "9th class", "৯ম শ্রেণি". */
const NUMBER_THEN_CLASS = new RegExp(`(\\d{1,2})\\s*(?:st|nd|rd|th|${ORDINAL_ENDINGS.join('|')})?\\s*${CLASS_WORD}`);

/**
 * The class a section or title names: "Class 9", "class-10", "৯ম শ্রেণি", "শ্রেণি ৯", "নবম শ্রেণী",
 * "ক্লাস ৮"; null for a range ("Class 1 to 12", "১ থেকে ১২") or no class.
 */
export function classLevelIn(raw: string): number | null {
  const t = banglaDigitsAsLatin(nfc(raw)).toLowerCase();
  if (/\d{1,2}\s*(to|-|–|থেকে)\s*\d{1,2}/.test(t)) return null;
  const found =
    CLASS_THEN_NUMBER.exec(t)?.[1] ?? NUMBER_THEN_CLASS.exec(t)?.[1] ?? BANGLA_ORDINALS.find(([word]) => new RegExp(`${word}\\s*${CLASS_WORD}`).test(t))?.[1];
  const level = found === undefined ? NaN : Number(found);
  return Number.isInteger(level) && level >= 1 && level <= 12 ? level : null;
}

/** The old home page sections: "Class 1 to 12" (or "Class 9", "নবম শ্রেণি") is a school course, the rest professional. */
function sectionOf(doc: Doc, name: string): { category: CourseCategory; classLevel: number | null; trending: boolean } {
  const section = nfc(text(doc, 'section', 'category', 'type') ?? '').toLowerCase();
  const given = text(doc, 'classLevel', 'class');
  const givenLevel = given !== null && /^\d{1,2}$/.test(banglaDigitsAsLatin(given)) ? Number(banglaDigitsAsLatin(given)) : null;
  let level = givenLevel !== null && givenLevel >= 1 && givenLevel <= 12 ? givenLevel : classLevelIn(section);
  const school = level !== null || SCHOOL_WORDS.test(section);
  // A school section that names no class ("Class 1 to 12"): the course's own name may ("Physics for Class 9").
  if (school && level === null) level = classLevelIn(name);
  return { category: school ? CourseCategory.SCHOOL : CourseCategory.PROFESSIONAL, classLevel: level, trending: /trend/.test(section) };
}

/** A text shortened to the editor's limit at a word boundary, with "…", and the note that says so. */
function shorten(value: string, max: number, label: string, notes: string[]): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  notes.push(`${label} shortened to the course editor's ${max} characters (it had ${value.length})`);
  return (space > max - 60 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/** The course editor's address rule: a path on this site or an http(s) address. */
function webAddress(value: string | null, label: string, notes: string[]): string | null {
  if (value === null || !checkWebAddress(value, label)) return value;
  notes.push(`${label} left out: ${value.startsWith('data:') ? 'a picture written into the record (data:), not a web address' : 'not a web address'}`);
  return null;
}

/**
 * A course document: the full one the old API served, or the short one of the old Course.json.
 * The course editor's limits (course.input.ts) apply, so every imported course can be saved in the
 * editor afterwards: a name, price or lesson count beyond them refuses the record; a longer text is
 * shortened with a note. `usdToBdt` proposes the price in the currency the record does not give.
 */
export function mapCourse(doc: Doc, { usdToBdt }: MapOptions = { usdToBdt: DEFAULT_USD_TO_BDT }): Mapped<CourseFields> {
  const legacyId = legacyIdOf(doc);
  const notes: string[] = [];
  const name = wholeText(doc, 'name', 'title');
  if (!name) return refuse(legacyId, 'missing name');
  if (nfc(name).length > COURSE_TEXT_LIMITS.name)
    return refuse(legacyId, `name longer than the course editor's ${COURSE_TEXT_LIMITS.name} characters (${nfc(name).length})`);

  const given = doc.price ?? doc.priceBDT ?? doc.priceBdt;
  const price = parsePrice(given);
  if (price === null) return refuse(legacyId, given === undefined || given === null ? 'missing price' : `bad price ${JSON.stringify(given)}`);
  const takaGiven = takaField(doc.priceBDT ?? doc.priceBdt);
  if (takaGiven === 'bad') return refuse(legacyId, `bad priceBDT ${JSON.stringify(doc.priceBDT ?? doc.priceBdt)}`);
  const dollarsGiven = doc.priceUSD ?? doc.priceUsd;
  const dollarsField = dollarsGiven === undefined || dollarsGiven === null ? null : parseDollars(dollarsGiven);
  if (dollarsGiven !== undefined && dollarsGiven !== null && dollarsField === null) return refuse(legacyId, `bad priceUSD ${JSON.stringify(dollarsGiven)}`);
  let dollars: number;
  let taka: number;
  if (price.currency === 'bdt') {
    // Written in taka: that is the taka price; dollars as the record gives them, or proposed from it as the course editor does.
    taka = price.amount;
    dollars = dollarsField ?? proposeDollarPrice(taka, usdToBdt);
  } else {
    dollars = price.amount;
    taka = takaGiven ?? proposeTakaPrice(dollars, usdToBdt);
  }
  if (!Number.isInteger(taka)) {
    notes.push(`taka price ${taka} rounded to whole taka`);
    taka = Math.round(taka);
  }
  if (dollars > MAX_PRICE) return refuse(legacyId, `price $${dollars} is above the course editor's limit of $${MAX_PRICE.toLocaleString('en-US')}`);
  if (taka > MAX_TAKA_PRICE) return refuse(legacyId, `price ৳${taka} is above the course editor's limit of ৳${MAX_TAKA_PRICE.toLocaleString('en-IN')}`);
  if ((dollars === 0) !== (taka === 0)) return refuse(legacyId, `price $${dollars} and ৳${taka}: a course is free in both currencies or in neither`);

  const rawEmail = text(doc, 'instructorEmail');
  if (rawEmail && checkEmail(rawEmail)) return refuse(legacyId, `unknown instructor: instructorEmail "${rawEmail}" is not an email address`);
  const videos = (doc.videos as { contents?: unknown } | undefined)?.contents ?? doc.lessons;
  const lessonDocs = (Array.isArray(videos) ? videos : []).filter((item): item is Doc => Boolean(item) && typeof item === 'object');
  if (lessonDocs.length > MAX_LESSONS) return refuse(legacyId, `${lessonDocs.length} lessons: the course editor takes at most ${MAX_LESSONS}`);
  const lessons = lessonDocs.map((item, i) => ({
    title: shorten(nfc(wholeText(item, 'title', 'name') ?? `Lesson ${i + 1}`), COURSE_TEXT_LIMITS.lessonTitle, `lesson ${i + 1}'s title`, notes),
    videoURL: webAddress(text(item, 'videoURL', 'url'), `lesson ${i + 1}'s video`, notes),
  }));
  let keyPoints = Array.isArray(doc.keyPoints) ? doc.keyPoints.filter((p) => typeof p === 'string' && p.trim()).map((p) => nfc((p as string).trim())) : [];
  if (keyPoints.length > MAX_KEY_POINTS) {
    notes.push(`key points: the first ${MAX_KEY_POINTS} kept, as the course editor allows (it had ${keyPoints.length})`);
    keyPoints = keyPoints.slice(0, MAX_KEY_POINTS);
  }
  keyPoints = keyPoints.map((point, i) => shorten(point, COURSE_TEXT_LIMITS.keyPoint, `key point ${i + 1}`, notes));
  const describedAs = wholeText(doc, 'description', 'des');
  if (!describedAs) notes.push('no description: its name stands as the description until the instructor writes one');
  const optional = (key: 'targetedPeoples' | 'whyNeed') => {
    const value = wholeText(doc, key);
    return value === null ? null : shorten(nfc(value), COURSE_TEXT_LIMITS[key], key, notes);
  };
  const section = sectionOf(doc, name);
  if (section.category === CourseCategory.SCHOOL && section.classLevel === null)
    notes.push('school course naming no class: its instructor chooses the class in the editor');
  const bangla =
    BANGLA_LETTERS.test(name) ||
    BANGLA_LETTERS.test(text(doc, 'section', 'category', 'type') ?? '') ||
    /^(bn|bangla|bengali|বাংলা)$/i.test(text(doc, 'language') ?? '');
  if (!legacyId) return refuse(legacyId, 'missing _id');
  return {
    legacyId,
    notes,
    fields: {
      id: keptId(doc),
      name: nfc(name),
      description: shorten(nfc(describedAs ?? name), COURSE_TEXT_LIMITS.description, 'description', notes),
      price: dollars,
      priceBDT: taka,
      photoURL: webAddress(text(doc, 'photoURL', 'img', 'image'), 'photo', notes),
      ratings: text(doc, 'ratings', 'rating'),
      instructor: text(doc, 'instructor') ?? 'Shikhon',
      instructorEmail: rawEmail ? normalizeEmail(rawEmail) : null,
      keyPoints,
      targetedPeoples: optional('targetedPeoples'),
      whyNeed: optional('whyNeed'),
      ...section,
      language: bangla ? CourseLanguage.BN : CourseLanguage.EN,
      lessons,
      createdAt: dateOf(doc, 'createdAt', 'createdOn', 'date'),
    },
  };
}
