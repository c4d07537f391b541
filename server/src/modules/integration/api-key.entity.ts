import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What an API key may do; a key acts only within its scopes. */
export enum ApiScope {
  CATALOG_READ = 'catalog:read',
  ENROLLMENTS_READ = 'enrollments:read',
  PAYMENTS_READ = 'payments:read',
  ENROLLMENTS_WRITE = 'enrollments:write',
}
registerEnumType(ApiScope, {
  name: 'ApiScope',
  description: 'What an API key may do (written catalog:read and so on in this guide)',
  valuesConfig: {
    CATALOG_READ: { description: 'catalog:read: read published courses, search, reviews, blog posts and certificates' },
    ENROLLMENTS_READ: { description: 'enrollments:read: read every enrollment (the enrollments query), free and imported ones included' },
    PAYMENTS_READ: { description: 'payments:read: read payments (the payments query)' },
    ENROLLMENTS_WRITE: { description: 'enrollments:write: enroll students a partner has paid for (the enrollStudent mutation)' },
  },
});

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

  @Field({ description: 'What the key is for, as the admin named it' })
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

  @Field(() => ID, { description: 'The admin who made the key' })
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
  scopes: readonly ApiScope[];
}
