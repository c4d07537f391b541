import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Whether a student appears on model test leaderboards as "Student" instead of their name. */
@Entity('leaderboard_preference')
export class LeaderboardPreference {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @Column({ type: 'boolean', default: false })
  hideName: boolean;
}
