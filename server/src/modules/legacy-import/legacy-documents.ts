import { checkBirthDate, checkEmail, checkPhone, normalizeEmail } from '../auth/sign-up-rules';
import { Role } from '../../kernel/role';
import { dateOf, keptId, legacyIdOf, refuse, text, withId, type Doc, type Mapped } from './legacy-fields';
import { parsePrice } from './legacy-prices';

/** The old users, enrollments, blogs and reviews, read into the new model's fields (courses: legacy-course.ts). */

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
