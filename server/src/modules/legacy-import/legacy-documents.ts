import { checkBirthDate, checkEmail, checkPhone, normalizeEmail } from '../auth/sign-up-rules';
import { CourseCategory } from '../course/course.enums';
import { isUuid } from '../../shared/validation';
import { Role } from '../user/role';

/**
 * The old MongoDB documents, read into the new model's fields. Each mapper answers the fields, or
 * the reason the document cannot be imported. Nothing here touches the database.
 */
export type Mapped<T> = { legacyId: string; fields: T } | { legacyId: string | null; error: string };

type Doc = Record<string, unknown>;

const MAX_TEXT = 20_000;

function text(doc: Doc, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = doc[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, MAX_TEXT);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

function legacyIdOf(doc: Doc): string | null {
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

/** Dollars from a number, or from text such as "$ 550", "550", "৳1,200.50"; null when it is not a price. */
export function parsePrice(value: unknown): number | null {
  let amount: number;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const cleaned = value
      .replace(/^\s*(\$|usd|tk\.?|৳)?\s*/i, '')
      .replace(/,/g, '')
      .trim();
    if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
    amount = Number(cleaned);
  } else return null;
  if (!Number.isFinite(amount) || amount < 0 || amount > 99_999_999) return null;
  return Math.round(amount * 100) / 100;
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
  price: number;
  photoURL: string | null;
  ratings: string | null;
  instructor: string;
  instructorEmail: string | null;
  keyPoints: string[];
  targetedPeoples: string | null;
  whyNeed: string | null;
  category: CourseCategory;
  classLevel: number | null;
  trending: boolean;
  lessons: LegacyLesson[];
  createdAt: string | null;
}

/** The old home page sections: "Class 1 to 12" (or "Class 9") is a school course, the rest professional. */
function sectionOf(doc: Doc): { category: CourseCategory; classLevel: number | null; trending: boolean } {
  const section = (text(doc, 'section', 'category', 'type') ?? '').toLowerCase();
  const levelText = text(doc, 'classLevel', 'class') ?? /class\s*(\d{1,2})\b(?!\s*(to|-))/.exec(section)?.[1] ?? null;
  const level = levelText !== null && /^\d{1,2}$/.test(levelText) && +levelText >= 1 && +levelText <= 12 ? +levelText : null;
  const school = level !== null || /class|school/.test(section);
  return { category: school ? CourseCategory.SCHOOL : CourseCategory.PROFESSIONAL, classLevel: level, trending: /trend/.test(section) };
}

/** A course document: the full one the old API served, or the short one of the old Course.json. */
export function mapCourse(doc: Doc): Mapped<CourseFields> {
  const legacyId = legacyIdOf(doc);
  const name = text(doc, 'name', 'title');
  if (!name) return refuse(legacyId, 'missing name');
  if (name.length > 200) return refuse(legacyId, 'name longer than 200 characters');
  const price = parsePrice(doc.price);
  if (price === null) return refuse(legacyId, doc.price === undefined || doc.price === null ? 'missing price' : `bad price ${JSON.stringify(doc.price)}`);
  const rawEmail = text(doc, 'instructorEmail');
  if (rawEmail && checkEmail(rawEmail)) return refuse(legacyId, `unknown instructor: instructorEmail "${rawEmail}" is not an email address`);
  const videos = (doc.videos as { contents?: unknown } | undefined)?.contents ?? doc.lessons;
  const lessons = (Array.isArray(videos) ? videos : [])
    .filter((item): item is Doc => Boolean(item) && typeof item === 'object')
    .map((item, i) => ({ title: (text(item, 'title', 'name') ?? `Lesson ${i + 1}`).slice(0, 200), videoURL: text(item, 'videoURL', 'url') }));
  const keyPoints = Array.isArray(doc.keyPoints) ? doc.keyPoints.filter((p) => typeof p === 'string' && p.trim()).map((p) => (p as string).trim()) : [];
  const ratings = text(doc, 'ratings', 'rating');
  return withId(legacyId, {
    id: keptId(doc),
    name,
    description: text(doc, 'description', 'des') ?? '',
    price,
    photoURL: text(doc, 'photoURL', 'img', 'image'),
    ratings,
    instructor: text(doc, 'instructor') ?? 'Shikhon',
    instructorEmail: rawEmail ? normalizeEmail(rawEmail) : null,
    keyPoints,
    targetedPeoples: text(doc, 'targetedPeoples'),
    whyNeed: text(doc, 'whyNeed'),
    ...sectionOf(doc),
    lessons,
    createdAt: dateOf(doc, 'createdAt', 'createdOn', 'date'),
  });
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
  const amount = doc.transactionAmount === undefined || doc.transactionAmount === null ? null : parsePrice(doc.transactionAmount);
  if (amount === null && doc.transactionAmount !== undefined && doc.transactionAmount !== null) {
    return refuse(legacyId, `bad transactionAmount ${JSON.stringify(doc.transactionAmount)}`);
  }
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
