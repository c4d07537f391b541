import type { DataSource } from 'typeorm';
import type { Mailer } from '../mail/mailer';

/** What sign-up, sign-in, sessions and account mail are given. */
export interface AuthDeps {
  db: DataSource;
  jwtSecret: string;
  mailer: Mailer;
  publicUrl: string;
  /** Sign-in by mobile number (PHONE_SIGN_IN, SMS_DAILY_BUDGET); on, with the default budget, when left out. */
  phone?: { enabled: boolean; dailyBudget: number; pumpingCheck: boolean };
}
