import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The home page's figures, kept by the database as the rows they count change (the triggers of the
 * CatalogueCounts migration): `courses` the catalogue shows, `students` (accounts with the student
 * role, not closed) and `instructors` of the courses shown. Reading them costs three rows at any
 * catalogue size; counting the tables on each read cost a whole scan of each. A missing row is 0.
 */
@Entity('catalogue_count')
export class CatalogueCount {
  @PrimaryColumn({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  count: number;
}

/** How many shown courses each instructor teaches (by account, or by name for an imported course without one): the figure of instructors counts those above 0. */
@Entity('catalogue_instructor')
export class CatalogueInstructor {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'integer' })
  courses: number;
}
