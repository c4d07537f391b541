import crypto from 'node:crypto';
import { IsNull, type EntityManager } from 'typeorm';
import { Blog } from '../blog/blog.entity';
import { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Review } from '../review/review.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { mapCourse, type CourseFields } from './legacy-course';
import { mapBlog, mapEnrollment, mapReview, mapUser, type BlogFields, type EnrollmentFields, type ReviewFields, type UserFields } from './legacy-documents';
import type { Mapped } from './legacy-fields';
import { ACCOUNTS, NO_PASSWORD_YET, type Collection, type Item, type Outcome } from './import-run';
import { toMinorUnits } from '../../shared/money';

/** How each old collection is written: its file names, its mapper, and its rows in the new tables. */

const users: Collection<UserFields> = {
  name: 'users',
  fileNames: ['users', 'user'],
  map: mapUser,
  uniqueField: (fields) => ['email', fields.email],
  async write(run, items) {
    const wanted = new Map<string, { name: string; role: Role; fields: UserFields }>();
    for (const { fields } of items) if (!wanted.has(fields.email)) wanted.set(fields.email, { name: fields.name, role: fields.role, fields });
    const existing = new Set(
      (
        await run.m.query<Array<{ legacyId: string }>>(`SELECT "legacyId" FROM legacy_record WHERE "collection" = $1 AND "legacyId" = ANY($2)`, [
          ACCOUNTS,
          [...wanted.keys()],
        ])
      ).map((row) => row.legacyId),
    );
    const accounts = await run.accountsFor(wanted);
    const outcomes: Outcome[] = [];
    for (const item of items) {
      const account = accounts.get(item.fields.email)!;
      const note = item.fields.wasAdmin ? 'admin role not carried over (made a student)' : undefined;
      if ('takenBy' in account) {
        outcomes.push({ error: `an account with the email ${item.fields.email} was opened on the new platform; it is left to its owner` });
        continue;
      }
      if (!existing.has(item.fields.email)) {
        outcomes.push({ entityId: account.id, outcome: 'created', note });
        continue;
      }
      // Changed since the last import: applied only while nobody has claimed the account.
      const { id: _id, email: _email, wasAdmin: _wasAdmin, createdAt: _createdAt, ...profile } = item.fields;
      const result = await run.m
        .createQueryBuilder()
        .update(User)
        .set(profile)
        .where('id = :id AND "passwordHash" = :none', { id: account.id, none: NO_PASSWORD_YET })
        .execute();
      outcomes.push({
        entityId: account.id,
        outcome: result.affected ? 'updated' : 'unchanged',
        note: result.affected ? note : 'claimed by its owner since: left as they set it',
      });
    }
    return outcomes;
  },
};

async function syncLessons(m: EntityManager, courseId: string, lessons: CourseFields['lessons']): Promise<void> {
  const current = await m.find(Lesson, { where: { courseId }, order: { position: 'ASC' } });
  // Lessons keep their ids (students' progress points at them): changed in place, added or removed at the end.
  for (const [i, lesson] of lessons.entries()) {
    const row = current[i];
    if (!row) await m.insert(Lesson, { courseId, position: i + 1, title: lesson.title, videoURL: lesson.videoURL });
    else if (row.title !== lesson.title || row.videoURL !== lesson.videoURL) await m.update(Lesson, row.id, { title: lesson.title, videoURL: lesson.videoURL });
  }
  const extra = current.slice(lessons.length).map((row) => row.id);
  if (extra.length > 0) await m.delete(Lesson, extra);
}

function courseRow(fields: CourseFields, instructorId: string | null) {
  const { id: _id, lessons, createdAt: _createdAt, ...rest } = fields;
  // A course without lessons cannot be watched: it comes in as a draft for its instructor to finish.
  return { ...rest, instructorId, published: lessons.length > 0 };
}

const courses: Collection<CourseFields> = {
  name: 'courses',
  fileNames: ['courses', 'course'],
  map: mapCourse,
  async write(run, items) {
    const wanted = new Map<string, { name: string; role: Role }>();
    for (const { fields } of items) if (fields.instructorEmail) wanted.set(fields.instructorEmail, { name: fields.instructor, role: Role.INSTRUCTOR });
    const accounts = await run.accountsFor(wanted);
    const ownerOf = (fields: CourseFields) => {
      const account = fields.instructorEmail ? accounts.get(fields.instructorEmail) : undefined;
      return account && 'id' in account ? account.id : null;
    };
    const noteOf = (fields: CourseFields) =>
      !fields.instructorEmail
        ? 'no instructor email: imported without an instructor account'
        : ownerOf(fields)
          ? undefined
          : 'instructor email belongs to an account opened on the new platform: imported without an instructor account';

    const outcomes = new Map<Item<CourseFields>, Outcome>();
    const fresh: Item<CourseFields>[] = [];
    for (const item of items) {
      if (!item.entityId) {
        fresh.push(item);
        continue;
      }
      // Whether it is on sale stays as people on the new platform set it, unless it has no lessons left.
      const { published, ...row } = courseRow(item.fields, ownerOf(item.fields));
      const result = await run.m.update(Course, item.entityId, published ? row : { ...row, published });
      if (!result.affected) {
        fresh.push(item); // removed on the new platform since: brought back
        continue;
      }
      await syncLessons(run.m, item.entityId, item.fields.lessons);
      outcomes.set(item, { entityId: item.entityId, outcome: 'updated', note: noteOf(item.fields) });
    }

    if (fresh.length > 0) {
      const kept = fresh.map((item) => item.fields.id).filter((id): id is string => Boolean(id));
      const usedIds = new Set(
        (await run.m.query<Array<{ id: string }>>(`SELECT id::text FROM course WHERE id = ANY($1::uuid[])`, [kept])).map((row) => row.id),
      );
      const rows = fresh.map((item) => {
        const id = item.fields.id && !usedIds.has(item.fields.id) ? item.fields.id : crypto.randomUUID();
        usedIds.add(id);
        return { id, ...courseRow(item.fields, ownerOf(item.fields)), ...(item.fields.createdAt ? { createdAt: new Date(item.fields.createdAt) } : {}) };
      });
      await run.m.createQueryBuilder().insert().into(Course).values(rows).updateEntity(false).execute();
      const lessons = fresh.flatMap((item, i) => item.fields.lessons.map((lesson, position) => ({ courseId: rows[i].id, position: position + 1, ...lesson })));
      for (let i = 0; i < lessons.length; i += 2000) {
        await run.m
          .createQueryBuilder()
          .insert()
          .into(Lesson)
          .values(lessons.slice(i, i + 2000))
          .updateEntity(false)
          .execute();
      }
      fresh.forEach((item, i) => outcomes.set(item, { entityId: rows[i].id, outcome: 'created', note: noteOf(item.fields) }));
    }
    return items.map((item) => outcomes.get(item)!);
  },
};

const enrollments: Collection<EnrollmentFields> = {
  name: 'enrollments',
  fileNames: ['enrollments', 'enrollment', 'enrolls', 'enroll'],
  map: mapEnrollment,
  async write(run, items) {
    const refs = [...new Set(items.map((item) => item.fields.courseRef))];
    const found = await run.m.query<Array<{ ref: string; id: string; name: string; description: string; photoURL: string | null; price: string }>>(
      `SELECT c.id::text AS ref, c.id::text AS id, c.name, c.description, c."photoURL", c.price FROM course c WHERE c.id::text = ANY($1)
       UNION ALL
       SELECT r."legacyId" AS ref, c.id::text, c.name, c.description, c."photoURL", c.price FROM legacy_record r JOIN course c ON c.id = r."entityId"
        WHERE r."collection" = 'courses' AND r."legacyId" = ANY($1)`,
      [refs],
    );
    const courseByRef = new Map(found.map((row) => [row.ref, row]));
    const wanted = new Map<string, { name: string; role: Role }>();
    for (const { fields } of items) {
      if (courseByRef.has(fields.courseRef) && !wanted.has(fields.email))
        wanted.set(fields.email, { name: fields.studentName ?? fields.email.split('@')[0], role: Role.STUDENT });
    }
    const accounts = await run.accountsFor(wanted);
    const outcomes: Outcome[] = [];
    for (const { fields, entityId } of items) {
      const course = courseByRef.get(fields.courseRef);
      if (!course) {
        outcomes.push({ error: `unknown course "${fields.courseRef}"` });
        continue;
      }
      const account = accounts.get(fields.email)!;
      if ('takenBy' in account) {
        outcomes.push({
          error: `the student's email ${fields.email} belongs to an account opened on the new platform; grant this course by hand once they confirm it`,
        });
        continue;
      }
      const snapshot = {
        courseName: fields.courseName ?? course.name,
        courseDescription: fields.courseDescription ?? course.description,
        courseImage: fields.courseImage ?? course.photoURL,
        transactionID: fields.transactionID,
        transactionAmount: fields.transactionAmount,
        // The import keeps dollar amounts only (legacy-documents.ts).
        amountPaidMinor: fields.transactionAmount === null ? null : toMinorUnits(fields.transactionAmount),
        amountPaidCurrency: fields.transactionAmount === null ? null : ('usd' as const),
        billingDetails: fields.billingDetails as Enrollment['billingDetails'],
      };
      const active = await run.m.findOneBy(Enrollment, { studentId: account.id, courseId: course.id, revokedAt: IsNull() });
      const current = active ?? (entityId ? await run.m.findOneBy(Enrollment, { id: entityId }) : null);
      if (current) {
        if (entityId === current.id) {
          await run.m.update(Enrollment, current.id, snapshot);
          outcomes.push({ entityId: current.id, outcome: 'updated' });
        } else outcomes.push({ entityId: current.id, outcome: 'unchanged', note: 'already enrolled: kept as it is' });
        continue;
      }
      const id = crypto.randomUUID();
      await run.m.insert(Enrollment, {
        id,
        studentId: account.id,
        courseId: course.id,
        paymentId: null,
        email: fields.email,
        ...snapshot,
        ...(fields.createdAt ? { createdAt: new Date(fields.createdAt) } : {}),
      });
      outcomes.push({ entityId: id, outcome: 'created' });
    }
    return outcomes;
  },
};

/** Blogs and reviews: plain rows, updated in place when the old record changed. */
function simpleCollection<T extends { createdAt: string | null }>(
  name: string,
  fileNames: string[],
  entity: typeof Blog | typeof Review,
  map: (doc: Record<string, unknown>) => Mapped<T>,
): Collection<T> {
  return {
    name,
    fileNames,
    map,
    async write(run, items) {
      const outcomes: Outcome[] = [];
      const fresh: Array<{ index: number; row: Record<string, unknown> }> = [];
      for (const [index, item] of items.entries()) {
        const { createdAt, ...fields } = item.fields;
        if (item.entityId) {
          const result = await run.m.update(entity, item.entityId, fields);
          if (result.affected) {
            outcomes[index] = { entityId: item.entityId, outcome: 'updated' };
            continue;
          }
        }
        const row = { id: crypto.randomUUID(), ...fields, ...(createdAt ? { createdAt: new Date(createdAt) } : {}) };
        fresh.push({ index, row });
        outcomes[index] = { entityId: row.id, outcome: 'created' };
      }
      if (fresh.length > 0)
        await run.m
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(fresh.map((f) => f.row))
          .updateEntity(false)
          .execute();
      return outcomes;
    },
  };
}

const blogs = simpleCollection<BlogFields>('blogs', ['blogs', 'blog'], Blog, mapBlog);
const reviews = simpleCollection<ReviewFields>('reviews', ['reviews', 'review'], Review, mapReview);

/** In this order: accounts first, then what points at them. */
export const COLLECTIONS = [users, courses, enrollments, blogs, reviews];
