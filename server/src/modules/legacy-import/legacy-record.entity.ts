import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * One record imported from the old platform: which row it became, and a fingerprint of what was
 * imported, so a later import updates that row when the old record changed and leaves it otherwise.
 */
@Entity('legacy_record')
export class LegacyRecord {
  /** users, courses, enrollments, blogs or reviews */
  @PrimaryColumn({ type: 'text' })
  collection: string;

  /** The old document's id (`_id`, as text). */
  @PrimaryColumn({ type: 'text' })
  legacyId: string;

  @Column({ type: 'uuid' })
  entityId: string;

  @Column({ type: 'text' })
  fingerprint: string;

  @CreateDateColumn({ type: 'timestamptz' })
  importedAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
