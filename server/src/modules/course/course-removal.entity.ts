import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A course that was once on sale and has been deleted (only a course nobody bought can be), kept
 * so that the catalogue's changes feed tells servers keeping a copy to remove it: written by a
 * trigger when the row goes (migration CourseAndEnrollmentChanges), with the row as it last was.
 * The feed reads it as a course taken off sale (`published: false`, `updatedAt` when it went); there
 * are few of them, read whole, so no index but the key.
 */
@Entity('course_removal')
export class CourseRemoval {
  /** The deleted course's id. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  removedAt: Date;

  /** The course row as it was when deleted (`to_jsonb`). */
  @Column({ type: 'jsonb' })
  row: Record<string, unknown>;
}
