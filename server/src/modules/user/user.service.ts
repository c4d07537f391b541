import { IsNull, type DataSource } from 'typeorm';
import { AppError, badInput } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../../kernel/viewer';
import { normalizeEmail } from '../auth/sign-up-rules';
import { isLanguage, LANGUAGES } from '../../i18n/languages';
import { Role } from '../../kernel/role';
import { User } from './user.entity';
import { requireSelfOrAdmin } from '../auth/guards';
import { visibleCourse } from '../course/course-visibility';

export interface ProfileChanges {
  name?: string | null;
  phone?: string | null;
  date?: string | null;
  image?: string | null;
  eduQualification?: string | null;
  contactEmail?: string | null;
}

export const PHONE_SIGNS_IN = 'This number signs you in: to change it, add the new number and confirm it with its code';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The person's own account (never someone else's). */
export async function findViewerUser(db: DataSource, viewer: Viewer): Promise<User> {
  const user = await db.getRepository(User).findOneBy({ id: viewer.id, deletedAt: IsNull() });
  if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  return user;
}

/** Changes the signed-in person's own profile (changes that passed ProfileInput's rules); email and role are not changed here. */
export async function updateProfile(db: DataSource, viewer: Viewer, changes: ProfileChanges): Promise<User> {
  const user = await findViewerUser(db, viewer);
  const next = {
    name: changes.name == null ? user.name : changes.name.trim(),
    phone: changes.phone === undefined ? user.phone : blankToNull(changes.phone),
    date: changes.date === undefined ? user.date : blankToNull(changes.date),
    image: changes.image === undefined ? user.image : blankToNull(changes.image),
    eduQualification: changes.eduQualification === undefined ? user.eduQualification : blankToNull(changes.eduQualification),
    contactEmail: changes.contactEmail === undefined ? user.contactEmail : blankToNull(changes.contactEmail),
  };
  if (next.contactEmail) next.contactEmail = normalizeEmail(next.contactEmail);
  // A confirmed number signs in: a new one is confirmed by its code (addPhone), never by typing it here.
  let phoneConfirmedAt = user.phoneConfirmedAt;
  if (user.phoneConfirmedAt && next.phone !== user.phone) {
    if (!user.email) throw badInput(PHONE_SIGNS_IN, { field: 'phone' });
    phoneConfirmedAt = null;
  }
  await db.getRepository(User).update(user.id, { ...next, phoneConfirmedAt });
  return db.getRepository(User).findOneByOrFail({ id: user.id });
}

/** A person's account for the legacy look-ups: the person themself or an admin only. */
export async function findUserFor(db: DataSource, viewer: Viewer, where: { id: string } | { email: string }): Promise<User | null> {
  const lookup = 'email' in where ? { email: normalizeEmail(where.email) } : where;
  requireSelfOrAdmin(viewer, lookup, 'You can only see your own account');
  if ('id' in lookup && !isUuid(lookup.id)) return null;
  return db.getRepository(User).findOneBy({ ...lookup, deletedAt: IsNull() });
}

/**
 * An instructor anyone may look up by email (the course page's instructor box): an open account
 * with the instructor role, or one that teaches a published course.
 */
export async function findPublicInstructor(db: DataSource, email: string): Promise<User | null> {
  return db
    .getRepository(User)
    .createQueryBuilder('u')
    .where('u.email = :email AND u."deletedAt" IS NULL', { email: normalizeEmail(email) })
    .andWhere(`(u.role = :instructor OR EXISTS (SELECT 1 FROM course c WHERE c."instructorId" = u.id AND ${visibleCourse('c')}))`, {
      instructor: Role.INSTRUCTOR,
    })
    .getOne();
}

export const UNKNOWN_LANGUAGE = `Choose one of the languages: ${LANGUAGES.join(', ')}`;

/** Keeps the signed-in person's language, so their emails and their other devices follow it. */
export async function setLanguage(db: DataSource, viewer: Viewer, language: string): Promise<User> {
  if (!isLanguage(language)) throw badInput(UNKNOWN_LANGUAGE, { field: 'language' });
  const user = await findViewerUser(db, viewer);
  if (user.language !== language) await db.getRepository(User).update(user.id, { language });
  return Object.assign(user, { language });
}
