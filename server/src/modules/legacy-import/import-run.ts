import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { defaultAvatar, Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import type { ExportRecord } from './export-reader';
import type { MapOptions, Mapped } from './legacy-fields';
import type { UserFields } from './legacy-documents';

/**
 * An account made by the import has no password anyone could type: sign-in is refused until its
 * owner sets one through a password reset link (sent to the address, which proves it is theirs).
 */
export const NO_PASSWORD_YET = '';

/** Accounts the import made or took over, by lower-cased email: only these may own imported rows. */
export const ACCOUNTS = 'accounts';

export type Outcome = { entityId: string; outcome: 'created' | 'updated' | 'unchanged'; note?: string } | { error: string };

export interface Item<T> {
  record: ExportRecord;
  legacyId: string;
  fields: T;
  fingerprint: string;
  /** What was changed to fit the new platform, reported once the record is written. */
  notes: string[];
  /** The row this old record became in an earlier run, when its content changed since. */
  entityId?: string;
}

/** One old collection: the files it comes in, how a record is read, and how its rows are written (legacy-collections.ts). */
export interface Collection<T> {
  name: string;
  fileNames: string[];
  map(doc: Record<string, unknown>, options: MapOptions): Mapped<T>;
  /** A field no two records may share besides `_id`, e.g. a user's email: [label, value]. */
  uniqueField?(fields: T): [string, string];
  write(run: Run, items: Item<T>[]): Promise<Outcome[]>;
}

type AccountLookup = { id: string } | { takenBy: 'someone else' };

/** What one import run shares between collections: the transaction and the accounts it resolved. */
export class Run {
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
