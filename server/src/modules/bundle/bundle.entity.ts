import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A bundle of published courses sold together at one taka price (bundle-price.ts has the rule for
 * a student who owns some of them already). Made by admins.
 */
@Entity('bundle')
export class Bundle {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Its courses, in the order the page shows them (at least two). */
  @Column({ type: 'uuid', array: true })
  courseIds: string[];

  /** The bundle's price in poisha (whole taka × 100), above 0 and below the sum of its courses' prices. */
  @Column({ name: 'priceCents', type: 'int' })
  priceMinor: number;

  @Column({ type: 'uuid' })
  createdById: string;

  /** When an admin stopped selling it (its buyers keep their courses); null while it is on sale. */
  @Column({ type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
