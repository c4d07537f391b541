import { createSecretKey } from 'node:crypto';
import type { Handler, NextFunction, Request, Response } from 'express';
import { Passport } from 'passport';

type Authenticator = InstanceType<typeof Passport>;
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { Strategy as LocalStrategy } from 'passport-local';
import { IsNull, type DataSource } from 'typeorm';
import { AppError } from '../../shared/errors';
import { User } from '../user/user.entity';
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
      (payload: { sub?: string; sv?: number }, done: (error: unknown, user?: User | false) => void) => {
        if (!payload.sub || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return done(null, false);
        db.getRepository(User)
          .findOneBy({ id: payload.sub, deletedAt: IsNull() })
          // A token from before a logout, password change or reset carries an older session version.
          .then((user) => done(null, user && user.sessionVersion === payload.sv ? user : false), done);
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
function authenticate(passport: Authenticator, strategy: 'jwt' | 'local', done: (error: unknown, user: User | false) => void): Handler {
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
    authenticate(passport, 'jwt', (error, user) => {
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
    authenticate(passport, 'local', (error, user) => {
      if (error) reject(error instanceof Error ? error : new Error('Sign-in failed', { cause: error }));
      else if (!user) reject(new AppError('WRONG_CREDENTIALS', WRONG_CREDENTIALS));
      else resolve(user);
    })(request, res, reject);
  });
}
