import type { ProductModule } from '../../kernel/product-module';
import { secureCookies } from '../../config/env';
import type { User } from '../user/user.entity';
import { AuthResolver } from './auth.resolver';
import { RefreshToken } from './refresh-token.entity';
import { PasswordReset } from './password-reset.entity';
import { EmailVerification } from './email-verification.entity';
import type { AuthDeps } from './auth-deps';
import { authenticateWithPassword, createPassport } from './passport';
import { noSessionCookie, sessionCookie, type SessionCookie } from './session-cookie';
import { deviceCookie, deviceCookieKey, noDeviceCookie, type DeviceCookie } from './device-cookie';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** What sign-up, sign-in, sessions and account mail need. */
    auth: AuthDeps;
    /** passport: the bearer token (`identifyViewer`) and the email and password (passport-local). */
    passport: ReturnType<typeof createPassport>;
    /** Signs the device cookie (sign-in protection). */
    deviceKey: Buffer;
  }
}

declare module '../../kernel/context' {
  interface RequestFields {
    session: SessionCookie;
    /** The browser's device cookie: notes the accounts that signed in from it (sign-in protection). */
    device: DeviceCookie;
    /** Checks an email and password through passport-local. */
    checkPassword(email: string, password: string): Promise<User>;
  }
}

export const authModule: ProductModule = {
  name: 'auth',
  services: {
    auth: ({ env, db, jwtSecret, mail }) => ({
      db,
      jwtSecret,
      mailer: mail.mailer,
      publicUrl: env.publicUrl,
      phone: { enabled: env.sms.phoneSignIn, dailyBudget: env.sms.dailyBudget, pumpingCheck: env.sms.pumpingCheck },
    }),
    passport: ({ db, jwtSecret }) => createPassport(db, jwtSecret),
    deviceKey: ({ jwtSecret }) => deviceCookieKey(jwtSecret),
  },
  resolvers: [AuthResolver],
  entities: [RefreshToken, PasswordReset, EmailVerification],
  requestFields: ({ env, passport, deviceKey }, http) =>
    http
      ? {
          session: sessionCookie(http.req, http.res, secureCookies(env), env.corsOrigins),
          device: deviceCookie(http.req, http.res, deviceKey, secureCookies(env)),
          checkPassword: (email, password) => authenticateWithPassword(passport, http.req, http.res, email, password),
        }
      : { session: noSessionCookie, device: noDeviceCookie, checkPassword: () => Promise.reject(new Error('not available in-process')) },
};
