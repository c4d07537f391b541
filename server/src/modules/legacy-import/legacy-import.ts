import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { Blog } from '../blog/blog.entity';
import { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Review } from '../review/review.entity';
import { DEFAULT_USD_TO_BDT } from '../../shared/money';
import { defaultAvatar, Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { readExport, type ExportRecord } from './export-reader';
import {
  mapBlog,
  mapCourse,
  mapEnrollment,
  mapReview,
  mapUser,
  legacyIdOf,
  unstorableText,
  type BlogFields,
  type MapOptions,
  type CourseFields,
  type EnrollmentFields,
  type Mapped,
  type ReviewFields,
  type UserFields,
} from './legacy-documents';

/**
 * An account made by the import has no password anyone could type: sign-in is refused until its
 * owner sets one through a password reset link (sent to the address, which proves it is theirs).
 */
export const NO_PASSWORD_YET = '';

/** Accounts the import made or took over, by lower-cased email: only these may own imported rows. */
const ACCOUNTS = 'accounts';
const BATCH_SIZE = 500;

export interface ImportProblem {
  collection: string;
  file: string;
  record: number;
  line: number;
  legacyId: string | null;
  reason: string;
}

export interface CollectionSummary {
  collection: string;
  file: string;
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  notes: Record<string, number>;
}

export interface ImportReporter {
  problem(problem: ImportProblem): void;
  /** A record imported with a change (shortened to the editor's limits, a picture left out…): `reason` says which. */
  note?(note: ImportProblem): void;
  progress(collection: string, bytesRead: number, totalBytes: number): void;
  collectionDone(summary: CollectionSummary): void;
}

export interface ImportResult {
  dryRun: boolean;
  collections: CollectionSummary[];
  accountsCreated: number;
  ignoredFiles: string[];
}

type Outcome = { entityId: string; outcome: 'created' | 'updated' | 'unchanged'; note?: string } | { error: string };

interface Item<T> {
  record: ExportRecord;
  legacyId: string;
  fields: T;
  fingerprint: string;
  /** What was changed to fit the new platform, reported once the record is written. */
  notes: string[];
  /** The row this old record became in an earlier run, when its content changed since. */
  entityId?: string;
}

interface Collection<T> {
  name: string;
  fileNames: string[];
  map(doc: Record<string, unknown>, options: MapOptions): Mapped<T>;
  /** A field no two records may share besides `_id`, e.g. a user's email: [label, value]. */
  uniqueField?(fields: T): [string, string];
  write(run: Run, items: Item<T>[]): Promise<Outcome[]>;
}

const EXTENSIONS = ['.json', '.jsonl', '.ndjson'];

/** Announced in the collection's summary for records imported with a change, each reported with its own note. */
export const CHANGED_TO_FIT = 'imported with a change to fit the course editor (each one listed above)';

/**
 * Imports every old collection found in `folder`, in one transaction; a dry run rolls it back.
 * `usdToBdt` (USD_TO_BDT) proposes a course's taka price from its dollars, or its dollars from its taka.
 */
export async function importLegacyFolder(
  db: DataSource,
  folder: string,
  options: { dryRun: boolean; reporter: ImportReporter; usdToBdt?: number },
): Promise<ImportResult> {
  const mapOptions: MapOptions = { usdToBdt: options.usdToBdt ?? DEFAULT_USD_TO_BDT };
  const files = fs.readdirSync(folder).filter((name) => fs.statSync(path.join(folder, name)).isFile());
  const used = new Set<string>();
  const plan: Array<{ collection: Collection<unknown>; file: string }> = [];
  for (const collection of COLLECTIONS as Array<Collection<unknown>>) {
    const file = files.find((name) => {
      const ext = EXTENSIONS.find((e) => name.toLowerCase().endsWith(e));
      return ext && collection.fileNames.includes(name.slice(0, -ext.length).toLowerCase());
    });
    if (file) {
      plan.push({ collection, file });
      used.add(file);
    }
  }
  const ignoredFiles = files.filter((name) => !used.has(name));
  if (plan.length === 0)
    throw new Error(`No old collections found in ${folder}: expected files such as Course.json, blogs.json, reviews.json, users.json, enrollments.json`);

  const queryRunner = db.createQueryRunner();
  await queryRunner.connect();
  await queryRunner.startTransaction();
  const run = new Run(queryRunner.manager);
  const collections: CollectionSummary[] = [];
  try {
    for (const { collection, file } of plan) {
      const summary = await importFile(run, collection, path.join(folder, file), file, options.reporter, mapOptions);
      collections.push(summary);
      options.reporter.collectionDone(summary);
    }
    if (options.dryRun) await queryRunner.rollbackTransaction();
    else await queryRunner.commitTransaction();
  } catch (error) {
    await queryRunner.rollbackTransaction();
    throw error;
  } finally {
    await queryRunner.release();
  }
  return { dryRun: options.dryRun, collections, accountsCreated: run.accountsCreated, ignoredFiles };
}

async function importFile<T>(
  run: Run,
  collection: Collection<T>,
  filePath: string,
  file: string,
  reporter: ImportReporter,
  mapOptions: MapOptions,
): Promise<CollectionSummary> {
  const summary: CollectionSummary = { collection: collection.name, file, read: 0, created: 0, updated: 0, unchanged: 0, failed: 0, notes: {} };
  const totalBytes = fs.statSync(filePath).size;
  const seen = new Map<string, number>();
  const fail = (record: ExportRecord, legacyId: string | null, reason: string) => {
    summary.failed += 1;
    reporter.problem({ collection: collection.name, file, record: record.index, line: record.line, legacyId, reason });
  };

  const flush = async (batch: Item<T>[]) => {
    if (batch.length === 0) return;
    const known = await run.m.query<Array<{ legacyId: string; entityId: string; fingerprint: string }>>(
      `SELECT "legacyId", "entityId", "fingerprint" FROM legacy_record WHERE "collection" = $1 AND "legacyId" = ANY($2)`,
      [collection.name, batch.map((item) => item.legacyId)],
    );
    const byId = new Map(known.map((row) => [row.legacyId, row]));
    const toWrite: Item<T>[] = [];
    for (const item of batch) {
      const earlier = byId.get(item.legacyId);
      if (earlier && earlier.fingerprint === item.fingerprint) summary.unchanged += 1;
      else toWrite.push({ ...item, entityId: earlier?.entityId });
    }
    if (toWrite.length === 0) return;
    const outcomes = await collection.write(run, toWrite);
    const remembered: Array<[string, string, string]> = [];
    outcomes.forEach((outcome, i) => {
      const item = toWrite[i];
      if ('error' in outcome) return fail(item.record, item.legacyId, outcome.error);
      summary[outcome.outcome] += 1;
      if (outcome.note) summary.notes[outcome.note] = (summary.notes[outcome.note] ?? 0) + 1;
      if (item.notes.length > 0) {
        summary.notes[CHANGED_TO_FIT] = (summary.notes[CHANGED_TO_FIT] ?? 0) + 1;
        const where = { collection: collection.name, file, record: item.record.index, line: item.record.line, legacyId: item.legacyId };
        for (const reason of item.notes) reporter.note?.({ ...where, reason });
      }
      remembered.push([item.legacyId, outcome.entityId, item.fingerprint]);
    });
    await run.remember(collection.name, remembered);
  };

  let batch: Item<T>[] = [];
  for await (const record of readExport(filePath, (bytes) => reporter.progress(collection.name, bytes, totalBytes))) {
    summary.read += 1;
    if (record.error !== undefined) {
      fail(record, null, record.error);
      continue;
    }
    const unstorable = unstorableText(record.doc);
    if (unstorable) {
      fail(record, legacyIdOf(record.doc), unstorable);
      continue;
    }
    const mapped = collection.map(record.doc, mapOptions);
    if ('error' in mapped) {
      fail(record, mapped.legacyId, mapped.error);
      continue;
    }
    const firstSeen = seen.get(mapped.legacyId);
    if (firstSeen !== undefined) {
      fail(record, mapped.legacyId, `duplicate _id (record ${firstSeen} has it too)`);
      continue;
    }
    seen.set(mapped.legacyId, record.index);
    if (collection.uniqueField) {
      const [label, value] = collection.uniqueField(mapped.fields);
      const firstWithValue = seen.get(`${label}\u0000${value}`);
      if (firstWithValue !== undefined) {
        fail(record, mapped.legacyId, `duplicate ${label} ${value} (record ${firstWithValue} has it too)`);
        continue;
      }
      seen.set(`${label}\u0000${value}`, record.index);
    }
    const fingerprint = crypto.createHash('sha256').update(JSON.stringify(mapped.fields)).digest('base64url');
    batch.push({ record, legacyId: mapped.legacyId, fields: mapped.fields, fingerprint, notes: mapped.notes ?? [] });
    if (batch.length >= BATCH_SIZE) {
      await flush(batch);
      batch = [];
    }
  }
  await flush(batch);
  return summary;
}

type AccountLookup = { id: string } | { takenBy: 'someone else' };

/** What one import run shares between collections: the transaction and the accounts it resolved. */
class Run {
  accountsCreated = 0;
  private accounts = new Map<string, AccountLookup>();

  constructor(readonly m: EntityManager) {}

  async remember(collection: string, rows: Array<[legacyId: string, entityId: string, fingerprint: string]>): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((_, i) => `($1, $${i * 3 + 2}, $${i * 3 + 3}::uuid, $${i * 3 + 4})`).join(', ');
    await this.m.query(
      `INSERT INTO legacy_record ("collection", "legacyId", "entityId", "fingerprint") VALUES ${values}
       ON CONFLICT ("collection", "legacyId") DO UPDATE SET "entityId" = EXCLUDED."entityId", "fingerprint" = EXCLUDED."fingerprint", "updatedAt" = now()`,
      [collection, ...rows.flat()],
    );
  }

  /**
   * The import's account for each email: one it made earlier, or a new one that cannot sign in yet.
   * An account someone opened on the new platform is never taken over by an import (nothing proves
   * the address is theirs), so rows for that email are left without it.
   */
  async accountsFor(wanted: Map<string, { name: string; role: Role; fields?: Partial<UserFields> }>): Promise<Map<string, AccountLookup>> {
    const missing = [...wanted.keys()].filter((email) => !this.accounts.has(email));
    if (missing.length > 0) {
      const ours = await this.m.query<Array<{ legacyId: string; entityId: string }>>(
        `SELECT "legacyId", "entityId" FROM legacy_record WHERE "collection" = $1 AND "legacyId" = ANY($2)`,
        [ACCOUNTS, missing],
      );
      const oursByEmail = new Map(ours.map((row) => [row.legacyId, row.entityId]));
      const taken = new Set(
        (
          await this.m.query<Array<{ email: string }>>(`SELECT email FROM "user" WHERE email = ANY($1)`, [missing.filter((email) => !oursByEmail.has(email))])
        ).map((row) => row.email),
      );
      const created: Array<Partial<User>> = [];
      const keptIds = missing.map((email) => wanted.get(email)!.fields?.id).filter((id): id is string => Boolean(id));
      const usedIds = new Set(
        (await this.m.query<Array<{ id: string }>>(`SELECT id::text FROM "user" WHERE id = ANY($1::uuid[])`, [keptIds])).map((row) => row.id),
      );
      for (const email of missing) {
        const ourId = oursByEmail.get(email);
        if (ourId) this.accounts.set(email, { id: ourId });
        else if (taken.has(email)) this.accounts.set(email, { takenBy: 'someone else' });
        else {
          const { name, role, fields } = wanted.get(email)!;
          const id = fields?.id && !usedIds.has(fields.id) ? fields.id : crypto.randomUUID();
          created.push({
            id,
            email,
            name,
            role,
            passwordHash: NO_PASSWORD_YET,
            image: fields?.image ?? defaultAvatar[role],
            phone: fields?.phone ?? null,
            date: fields?.date ?? null,
            eduQualification: fields?.eduQualification ?? null,
            contactEmail: fields?.contactEmail ?? null,
            ...(fields?.createdAt ? { createdAt: new Date(fields.createdAt) } : {}),
          });
          this.accounts.set(email, { id });
        }
      }
      if (created.length > 0) {
        await this.m.insert(User, created);
        await this.remember(
          ACCOUNTS,
          created.map((user) => [user.email!, user.id!, '']),
        );
        this.accountsCreated += created.length;
      }
    }
    // An account the import made that teaches is an instructor (unless its owner has claimed it since).
    const teachers = [...wanted].filter(([, want]) => want.role === Role.INSTRUCTOR).map(([email]) => this.accounts.get(email));
    const teacherIds = teachers.filter((a): a is { id: string } => Boolean(a && 'id' in a)).map((a) => a.id);
    if (teacherIds.length > 0) {
      await this.m.query(`UPDATE "user" SET role = 'INSTRUCTOR' WHERE id = ANY($1::uuid[]) AND role = 'STUDENT' AND "passwordHash" = $2`, [
        teacherIds,
        NO_PASSWORD_YET,
      ]);
    }
    return new Map([...wanted.keys()].map((email) => [email, this.accounts.get(email)!]));
  }
}

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
const COLLECTIONS = [users, courses, enrollments, blogs, reviews];
