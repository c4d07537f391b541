import { checkBirthDate, checkEmail, checkPhone, normalizeEmail } from '../auth/sign-up-rules';
import { CourseCategory, CourseLanguage } from '../course/course.enums';
import { COURSE_TEXT_LIMITS, MAX_KEY_POINTS, MAX_LESSONS, MAX_PRICE, MAX_TAKA_PRICE } from '../course-editing/course.input';
import { DEFAULT_USD_TO_BDT, proposeTakaPrice } from '../../shared/money';
import { checkWebAddress } from '../../shared/text-rules';
import { isUuid } from '../../shared/validation';
import { Role } from '../../kernel/role';

/**
 * The old MongoDB documents, read into the new model's fields. Each mapper answers the fields, or
 * the reason the document cannot be imported. Nothing here touches the database.
 */
export type Mapped<T> = { legacyId: string; fields: T; notes?: string[] } | { legacyId: string | null; error: string };

/** What the mappers need from the run: the rate that proposes a price in the other currency. */
export interface MapOptions {
  usdToBdt: number;
}

type Doc = Record<string, unknown>;

const MAX_TEXT = 20_000;

/** The first of `keys` that holds text (or a number), trimmed, whole. */
function wholeText(doc: Doc, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = doc[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** As `wholeText`, at most MAX_TEXT characters (a course's texts are read whole and checked against the editor's limits). */
function text(doc: Doc, ...keys: string[]): string | null {
  return wholeText(doc, ...keys)?.slice(0, MAX_TEXT) ?? null;
}

export function legacyIdOf(doc: Doc): string | null {
  const id = doc._id ?? doc.id;
  if (typeof id === 'string' && id.trim()) return id.trim();
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

/** The old `id` (a UUID) is kept as the new id, so old links and references still find the row. */
function keptId(doc: Doc): string | null {
  return typeof doc.id === 'string' && isUuid(doc.id) ? doc.id.toLowerCase() : null;
}

function dateOf(doc: Doc, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = doc[key];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return null;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Bengali digits (০–৯) as ASCII digits, so "১২০০" reads as 1200. */
export function asciiDigits(value: string): string {
  return value.replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
}

/** A price as the old platform wrote it: an amount in its currency, or free. */
export type LegacyPrice = { currency: 'usd' | 'bdt'; amount: number };

const TAKA = /^(৳|tk\.?|taka|bdt|টাকা|টা\.)$/i;
const DOLLARS = /^(\$|us\$|usd|dollars?|ডলার)$/i;
const FREE = /^(free|ফ্রি|বিনামূল্যে|বিনা মূল্যে|মুক্ত)$/i;

/**
 * A price from a number (dollars, the old field's currency) or from text: "$ 550", "550", "USD 12.50"
 * are dollars; "৳1,200", "Tk 1200", "১২০০ টাকা", "1,200 BDT" are taka, never dollars; Bengali digits
 * are read as digits; "Free" / "ফ্রি" is 0. Null when it is not a price.
 */
export function parsePrice(value: unknown): LegacyPrice | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 && value <= 99_999_999 ? { currency: 'usd', amount: Math.round(value * 100) / 100 } : null;
  if (typeof value !== 'string') return null;
  const written = asciiDigits(value.normalize('NFC')).trim();
  if (FREE.test(written)) return { currency: 'usd', amount: 0 };
  const match = /^([^\d\s]*?)\s*([\d,]*\d(?:\.\d+)?)\s*([^\d\s]*)$/.exec(written);
  if (!match) return null;
  const [, before, figure, after] = match;
  const unit = before || after;
  if (before && after) return null;
  let currency: LegacyPrice['currency'];
  if (!unit || DOLLARS.test(unit)) currency = 'usd';
  else if (TAKA.test(unit)) currency = 'bdt';
  else return null;
  // Grouping commas ("1,200", "1,00,000"); a comma that does not group digits is not a price.
  if (/,/.test(figure) && !/^\d{1,3}(,\d{2,3})*(\.\d+)?$/.test(figure)) return null;
  const amount = Number(figure.replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount < 0 || amount > 99_999_999) return null;
  return { currency, amount: Math.round(amount * 100) / 100 };
}

/** Dollars only (an old enrollment's amount): a taka amount is not dollars. */
export function parseDollars(value: unknown): number | null {
  const price = parsePrice(value);
  return price && price.currency === 'usd' ? price.amount : null;
}

/**
 * Why PostgreSQL would refuse a text of the document, or null: a NUL character (text and jsonb
 * cannot hold U+0000) or half of a UTF-16 pair, which is not Unicode. Checked before anything is
 * written, so such a record is refused alone instead of failing its whole batch.
 */
export function unstorableText(value: unknown, at = ''): string | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `a NUL character (\\u0000) in ${at || 'the document'}: PostgreSQL cannot store it`;
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value))
      return `half of a UTF-16 pair in ${at || 'the document'}: not Unicode text PostgreSQL can store`;
    return null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = unstorableText(item, `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableText(key, at ? `a key of ${at}` : 'a key') ?? unstorableText(item, at ? `${at}.${key}` : key);
      if (problem) return problem;
    }
  }
  return null;
}

function refuse(legacyId: string | null, reason: string): { legacyId: string | null; error: string } {
  return { legacyId, error: reason };
}

function withId<T>(legacyId: string | null, fields: T): Mapped<T> {
  return legacyId ? { legacyId, fields } : refuse(legacyId, 'missing _id');
}

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
const SCHOOL_WORDS = /class|school|ক্লাস|শ্রেণি|শ্রেণী|স্কুল/;
/** "নবম শ্রেণি" is class 9: the Bangla ordinals of the twelve classes, longest first. */
const BANGLA_ORDINALS: Array<[string, number]> = (
  [
    ['দ্বাদশ', 12],
    ['একাদশ', 11],
    ['দশম', 10],
    ['নবম', 9],
    ['অষ্টম', 8],
    ['সপ্তম', 7],
    ['ষষ্ঠ', 6],
    ['পঞ্চম', 5],
    ['চতুর্থ', 4],
    ['তৃতীয়', 3],
    ['দ্বিতীয়', 2],
    ['প্রথম', 1],
  ] as Array<[string, number]>
).map(([word, level]) => [nfc(word), level]);

/**
 * The class a section or title names: "Class 9", "class-10", "৯ম শ্রেণি", "শ্রেণি ৯", "নবম শ্রেণী",
 * "ক্লাস ৮"; null for a range ("Class 1 to 12", "১ থেকে ১২") or no class.
 */
export function classLevelIn(raw: string): number | null {
  const t = asciiDigits(nfc(raw)).toLowerCase();
  if (/\d{1,2}\s*(to|-|–|থেকে)\s*\d{1,2}/.test(t)) return null;
  const found =
    /(?:class|ক্লাস|শ্রেণি|শ্রেণী)\s*[:-]?\s*(\d{1,2})(?!\d)/.exec(t)?.[1] ??
    /(\d{1,2})\s*(?:st|nd|rd|th|ম|য়|য়|র্থ|ষ্ঠ|শ)?\s*(?:class|ক্লাস|শ্রেণি|শ্রেণী)/.exec(t)?.[1] ??
    BANGLA_ORDINALS.find(([word]) => new RegExp(`${word}\\s*(শ্রেণি|শ্রেণী|ক্লাস)`).test(t))?.[1];
  const level = found === undefined ? NaN : Number(found);
  return Number.isInteger(level) && level >= 1 && level <= 12 ? level : null;
}

/** The old home page sections: "Class 1 to 12" (or "Class 9", "নবম শ্রেণি") is a school course, the rest professional. */
function sectionOf(doc: Doc, name: string): { category: CourseCategory; classLevel: number | null; trending: boolean } {
  const section = nfc(text(doc, 'section', 'category', 'type') ?? '').toLowerCase();
  const given = text(doc, 'classLevel', 'class');
  const givenLevel = given !== null && /^\d{1,2}$/.test(asciiDigits(given)) ? Number(asciiDigits(given)) : null;
  let level = givenLevel !== null && givenLevel >= 1 && givenLevel <= 12 ? givenLevel : classLevelIn(section);
  const school = level !== null || SCHOOL_WORDS.test(section);
  // A school section that names no class ("Class 1 to 12"): the course's own name may ("Physics for Class 9").
  if (school && level === null) level = classLevelIn(name);
  return { category: school ? CourseCategory.SCHOOL : CourseCategory.PROFESSIONAL, classLevel: level, trending: /trend/.test(section) };
}

/**
 * Dollars for a price the old platform wrote in taka: converted at USD_TO_BDT to whole cents, at least
 * one cent for a paid course (the reverse of `proposeTakaPrice`, which the course editor uses).
 */
export function dollarsForTaka(taka: number, usdToBdt: number): number {
  if (taka <= 0) return 0;
  return Math.max(0.01, Math.round((taka / usdToBdt) * 100) / 100);
}

/** A taka price in a field meant for taka (`priceBDT`): a bare figure is taka there; dollars are not. */
function takaField(value: unknown): number | null | 'bad' {
  if (value === undefined || value === null || value === '') return null;
  const price = parsePrice(value);
  if (!price) return 'bad';
  if (price.currency === 'usd' && typeof value === 'string' && /\$|usd|dollar|ডলার/i.test(value)) return 'bad';
  return price.amount;
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
    // Written in taka: that is the taka price; dollars as the record gives them, or proposed from it.
    taka = price.amount;
    dollars = dollarsField ?? dollarsForTaka(taka, usdToBdt);
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

export interface UserFields {
  id: string | null;
  email: string;
  name: string;
  role: Role;
  phone: string | null;
  date: string | null;
  image: string | null;
  eduQualification: string | null;
  contactEmail: string | null;
  createdAt: string | null;
  /** The old role was admin: not carried over (anyone could make anyone an admin on the old platform). */
  wasAdmin: boolean;
}

export function mapUser(doc: Doc): Mapped<UserFields> {
  const legacyId = legacyIdOf(doc);
  const email = text(doc, 'email');
  if (!email) return refuse(legacyId, 'missing email');
  if (checkEmail(email)) return refuse(legacyId, `bad email "${email}"`);
  const name = text(doc, 'name', 'displayName');
  if (!name) return refuse(legacyId, 'missing name');
  const role = (text(doc, 'role') ?? 'student').toLowerCase();
  const phone = text(doc, 'phone');
  const birth = typeof doc.date === 'string' ? doc.date.slice(0, 10) : null;
  const contactEmail = text(doc, 'contactEmail');
  return withId(legacyId, {
    id: keptId(doc),
    email: normalizeEmail(email),
    name: name.slice(0, 100),
    role: role === 'instructor' ? Role.INSTRUCTOR : Role.STUDENT,
    // Optional fields that do not meet today's rules are left empty rather than refusing the person.
    phone: phone && !checkPhone(phone) ? phone : null,
    date: birth && !checkBirthDate(birth) ? birth : null,
    image: text(doc, 'image', 'photoURL'),
    eduQualification: text(doc, 'eduQualification')?.slice(0, 200) ?? null,
    contactEmail: contactEmail && !checkEmail(contactEmail) ? normalizeEmail(contactEmail) : null,
    createdAt: dateOf(doc, 'createdOn', 'createdAt'),
    wasAdmin: role === 'admin',
  });
}

export interface EnrollmentFields {
  email: string;
  courseRef: string;
  courseName: string | null;
  courseDescription: string | null;
  courseImage: string | null;
  transactionID: string | null;
  transactionAmount: number | null;
  billingDetails: Record<string, unknown> | null;
  studentName: string | null;
  createdAt: string | null;
}

export function mapEnrollment(doc: Doc): Mapped<EnrollmentFields> {
  const legacyId = legacyIdOf(doc);
  const email = text(doc, 'email');
  if (!email) return refuse(legacyId, 'missing email');
  if (checkEmail(email)) return refuse(legacyId, `bad email "${email}"`);
  const courseRef = text(doc, 'courseID', 'courseId');
  if (!courseRef) return refuse(legacyId, 'missing courseID');
  const paid = doc.transactionAmount === undefined || doc.transactionAmount === null ? null : parsePrice(doc.transactionAmount);
  if (paid === null && doc.transactionAmount !== undefined && doc.transactionAmount !== null) {
    return refuse(legacyId, `bad transactionAmount ${JSON.stringify(doc.transactionAmount)}`);
  }
  // The old amount is kept in dollars only: an amount written in taka is never read as dollars.
  const amount = paid && paid.currency === 'usd' ? paid.amount : null;
  const billing =
    doc.billingDetails && typeof doc.billingDetails === 'object' && !Array.isArray(doc.billingDetails) ? (doc.billingDetails as Record<string, unknown>) : null;
  return withId(legacyId, {
    email: normalizeEmail(email),
    courseRef,
    courseName: text(doc, 'courseName'),
    courseDescription: text(doc, 'courseDescription'),
    courseImage: text(doc, 'courseImage'),
    transactionID: text(doc, 'transactionID'),
    transactionAmount: amount,
    billingDetails: billing,
    studentName: billing ? text(billing, 'name') : null,
    createdAt: dateOf(doc, 'createdAt', 'date'),
  });
}

export interface BlogFields {
  title: string;
  description: string;
  author: string;
  reads: number;
  img: string | null;
  createdAt: string | null;
}

export function mapBlog(doc: Doc): Mapped<BlogFields> {
  const legacyId = legacyIdOf(doc);
  const title = text(doc, 'title', 'name');
  if (!title) return refuse(legacyId, 'missing title');
  const description = text(doc, 'description', 'des', 'text');
  if (!description) return refuse(legacyId, 'missing description');
  const readsText = text(doc, 'reads');
  const reads = readsText && /^\d{1,9}$/.test(readsText) ? Number(readsText) : 0;
  return withId(legacyId, {
    title: title.slice(0, 200),
    description,
    author: text(doc, 'author') ?? 'Shikhon',
    reads,
    img: text(doc, 'img', 'image', 'photoURL'),
    createdAt: dateOf(doc, 'createdAt', 'date'),
  });
}

export interface ReviewFields {
  name: string;
  text: string;
  info: string | null;
  img: string | null;
  rating: number | null;
  createdAt: string | null;
}

export function mapReview(doc: Doc): Mapped<ReviewFields> {
  const legacyId = legacyIdOf(doc);
  const name = text(doc, 'name');
  if (!name) return refuse(legacyId, 'missing name');
  const body = text(doc, 'text', 'review', 'description');
  if (!body) return refuse(legacyId, 'missing text');
  const stars = Number(doc.rating);
  return withId(legacyId, {
    name: name.slice(0, 100),
    text: body,
    info: text(doc, 'info'),
    img: text(doc, 'img', 'image'),
    rating: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null,
    createdAt: dateOf(doc, 'createdAt', 'date'),
  });
}
