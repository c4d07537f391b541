import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { Role } from '../../kernel/role';
import type { Viewer } from '../../kernel/viewer';

/** What an API key may do; a key acts only within its scopes. */
export enum ApiScope {
  CATALOG_READ = 'catalog:read',
  ENROLLMENTS_READ = 'enrollments:read',
  PAYMENTS_READ = 'payments:read',
  ENROLLMENTS_WRITE = 'enrollments:write',
  INSTRUCTOR_READ = 'instructor:read',
  PRACTICE_READ = 'practice:read',
}
registerEnumType(ApiScope, {
  name: 'ApiScope',
  description: 'What an API key may do (written catalog:read and so on in this guide)',
  valuesConfig: {
    CATALOG_READ: { description: 'catalog:read: read published courses, search, reviews, blog posts and certificates' },
    ENROLLMENTS_READ: { description: 'enrollments:read: read every enrollment (the enrollments query), free and imported ones included' },
    PAYMENTS_READ: { description: 'payments:read: read payments (the payments and paymentSeries queries)' },
    ENROLLMENTS_WRITE: { description: 'enrollments:write: enroll students a partner has paid for (the enrollStudent mutation)' },
    INSTRUCTOR_READ: {
      description:
        "instructor:read: the instructor views of the key's owner, as the owner sees them (instructorStudents, instructorOverview, instructorRevenueSeries, managedCourses, managedCourse): an instructor's key reads only that instructor's own courses and students",
    },
    PRACTICE_READ: {
      description:
        "practice:read: model tests and students' results of the key owner's courses, every course's for an admin's key (authoredModelTests, modelTestResults, questionStatistics, modelTestScoreDistribution), and the published model tests (modelTests, modelTest, upcomingModelTests)",
    },
  },
});

/**
 * The scopes a key made by someone of each role may have, and keeps while its owner has that
 * role: an instructor's key reads only the instructor's own data and the public catalogue.
 */
export const SCOPES_BY_ROLE: Record<Role, readonly ApiScope[]> = {
  [Role.ADMIN]: Object.values(ApiScope),
  [Role.INSTRUCTOR]: [ApiScope.CATALOG_READ, ApiScope.INSTRUCTOR_READ, ApiScope.PRACTICE_READ],
  [Role.STUDENT]: [],
};

/**
 * A key a server uses instead of a person's password (`Authorization: Bearer shk_...`). Only the
 * SHA-256 of the secret is kept; the secret is shown once, when the key is made.
 */
@ObjectType({ description: 'An API key for a server (its secret is never shown again after createApiKey)' })
@Entity('api_key')
export class ApiKey {
  @Field(() => ID, { description: 'The key’s id (not its secret)' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field({ description: 'What the key is for, as its owner named it' })
  @Column({ type: 'text' })
  name: string;

  @Field({ description: 'The first characters of the secret (shk_ and 8 more), to tell keys apart' })
  @Column({ type: 'text' })
  prefix: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  secretHash: string;

  @Field(() => [ApiScope], { description: 'What the key may do' })
  @Column({ type: 'text', array: true })
  scopes: ApiScope[];

  /** Its owner: the key reads what this account may read, within its scopes (SCOPES_BY_ROLE). */
  @Field(() => ID, { description: 'The account that made and owns the key (an admin, or an instructor for their own data)' })
  @Index()
  @Column({ type: 'uuid' })
  createdById: string;

  @Field({ description: 'When the key was made' })
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the key was last used (kept to the minute); null if never' })
  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the key was revoked; a revoked key is refused' })
  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

/** A new key with its secret, answered once. */
@ObjectType({ description: 'A new API key and its secret: store the secret now, it is never shown again' })
export class ApiKeyWithSecret {
  @Field(() => ApiKey, { description: 'The key' })
  apiKey: ApiKey;

  @Field({ description: 'The secret to send as `Authorization: Bearer <secret>`; starts with shk_' })
  secret: string;
}

/** The key behind a request, as the services see it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  prefix: string;
  /** The scopes it may use now: those it was made with that its owner's role still allows. */
  scopes: readonly ApiScope[];
  /**
   * Its owner's account as it is now: whose data the key's reads reach (an instructor's own
   * courses, every course for an admin's key). The key never acts as this person otherwise.
   */
  owner: Viewer;
}
