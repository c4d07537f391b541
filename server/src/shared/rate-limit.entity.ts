import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A fixed-window counter per key (an address, an account), shared by every server copy. */
@Entity('rate_limit')
export class RateLimit {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'int' })
  hits: number;

  @Column({ type: 'timestamptz' })
  resetAt: Date;
}
