import { createSecretKey } from 'node:crypto';
import type { Handler, NextFunction, Request, Response } from 'express';
import { Passport } from 'passport';

type Authenticator = InstanceType<typeof Passport>;
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { Strategy as LocalStrategy } from 'passport-local';
import type { DataSource } from 'typeorm';
import { readDirect } from '../../db/direct-read';
import { AppError } from '../../shared/errors';
import { type User } from '../user/user.entity';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from './access-token';
import { verifyCredentials, WRONG_CREDENTIALS } from './auth.service';
import { toViewer, type Viewer } from '../../kernel/viewer';
import { DEVICE_COOKIE, deviceCookieKey } from './device-cookie';
import { SIGN_IN_AGAIN } from './guards';

declare module 'express-serve-static-core' {
  interface Request {
    viewer: Viewer | null;
  }
}

/** What a bearer token's account is: the viewer, and its session version to compare with the token's. */
type TokenAccount = Pick<User, 'id' | 'role' | 'name' | 'email' | 'phone' | 'sessionVersion'>;
/** The token's account, unless it was removed. */
const TOKEN_ACCOUNT_SQL = `SELECT "id", "role", "name", "email", "phone", "sessionVersion" FROM "user" WHERE "id" = $1 AND "deletedAt" IS NULL`;

/** passport-jwt checks bearer tokens (one pinned algorithm); passport-local checks email and password. */
export function createPassport(db: DataSource, jwtSecret: string): Authenticator {
  const passport = new Passport();
  // Made once: given the secret as a string, jsonwebtoken would first try it as a PEM public key
  // (which throws) and then build a secret key from it, on every signed-in request. It takes a
  // KeyObject as is; passport-jwt's types say string or Buffer, but it hands the key on untouched.
  const deviceKey = deviceCookieKey(jwtSecret);
  const verificationKey = createSecretKey(Buffer.from(jwtSecret)) as unknown as Buffer;
  passport.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        secretOrKey: verificationKey,
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      },
      (payload: { sub?: string; sv?: number }, done: (error: unknown, account?: TokenAccount | false) => void) => {
        if (!payload.sub || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return done(null, false);
        // Every signed-in request asks this: one statement on the pool, no query builder.
        readDirect<TokenAccount>(db, TOKEN_ACCOUNT_SQL, [payload.sub])
          // A token from before a logout, password change or reset carries an older session version.
          .then(([account]) => done(null, account && account.sessionVersion === payload.sv ? account : false), done);
      },
    ),
  );
  passport.use(
    'local',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false }, (req, email, password, done) => {
      const browser = { key: deviceKey, cookie: (req.cookies as Record<string, string> | undefined)?.[DEVICE_COOKIE] };
      verifyCredentials(db, email, password, req.ip ?? 'unknown', browser).then((user) => done(null, user), done);
    }),
  );
  return passport;
}

/** passport's `authenticate()` without sessions: Express middleware that hands its outcome to `done`. */
function authenticate<T extends TokenAccount>(passport: Authenticator, strategy: 'jwt' | 'local', done: (error: unknown, user: T | false) => void): Handler {
  return passport.authenticate(strategy, { session: false }, done) as Handler;
}

/**
 * Sets req.viewer from the bearer token, if any. A bearer token that does not verify (expired,
 * tampered, from before a sign-out, of an account since removed) is refused with 401 on every
 * path, public ones too, so a client learns at once that it must refresh or sign in again; the
 * refusal is answered in the path's shape (`http/errors.ts`). Other schemes (`Basic`, from a proxy
 * in front of the site) are not ours and leave the request anonymous.
 */
export function identifyViewer(passport: Authenticator) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.viewer = null;
    // An API key (http/api-keys.ts) is not a person's token.
    if (!/^Bearer\s/i.test(req.headers.authorization ?? '') || req.apiKey) return next();
    authenticate<TokenAccount>(passport, 'jwt', (error, user) => {
      if (error) return next(error);
      if (!user) return next(new AppError('UNAUTHENTICATED', SIGN_IN_AGAIN));
      req.viewer = toViewer(user);
      next();
    })(req, res, next);
  };
}

/** Runs passport-local for a sign-in that arrives as GraphQL arguments. */
export function authenticateWithPassword(passport: Authenticator, req: Request, res: Response, email: string, password: string): Promise<User> {
  const request = Object.assign(Object.create(req) as Request, { body: { email, password } });
  return new Promise((resolve, reject) => {
    authenticate<User>(passport, 'local', (error, user) => {
      if (error) reject(error instanceof Error ? error : new Error('Sign-in failed', { cause: error }));
      else if (!user) reject(new AppError('WRONG_CREDENTIALS', WRONG_CREDENTIALS));
      else resolve(user);
    })(request, res, reject);
  });
}
