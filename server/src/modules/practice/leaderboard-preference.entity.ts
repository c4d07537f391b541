import { registerEnumType } from 'type-graphql';
import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** How a student's name appears on public leaderboards (most students are minors: a first name and an initial unless they choose). */
export enum LeaderboardName {
  FIRST_NAME_AND_INITIAL = 'FIRST_NAME_AND_INITIAL',
  FULL_NAME = 'FULL_NAME',
  NONE = 'NONE',
}

registerEnumType(LeaderboardName, {
  name: 'LeaderboardName',
  description: "How a student's name appears on public leaderboards",
  valuesConfig: {
    FIRST_NAME_AND_INITIAL: { description: 'The first name and the initial of the last ("Rahim U."): the default' },
    FULL_NAME: { description: 'The whole name, as the student chose' },
    NONE: { description: 'No name: "Student"' },
  },
});

/** How a student appears on model test leaderboards; without a row, by first name and initial. */
@Entity('leaderboard_preference')
@Check('leaderboard_preference_shown', `"nameShown" IN ('FIRST_NAME_AND_INITIAL', 'FULL_NAME', 'NONE')`)
export class LeaderboardPreference {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @Column({ type: 'text', default: LeaderboardName.FIRST_NAME_AND_INITIAL })
  nameShown: LeaderboardName;
}
