import jwt from 'jsonwebtoken';
import type { Role } from '../../kernel/role';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const TOKEN_ISSUER = 'shikhon';
export const TOKEN_AUDIENCE = 'shikhon-api';
/** The only algorithm accepted: tokens signed otherwise (or with `alg: none`) are refused. */
export const TOKEN_ALGORITHM = 'HS256' as const;

export interface AccessClaims {
  sub: string;
  role: Role;
  /** The account's session version when the token was signed; a raised version ends the token at once. */
  sv: number;
}

export function signAccessToken(secret: string, claims: AccessClaims): string {
  return jwt.sign({ role: claims.role, sv: claims.sv }, secret, {
    algorithm: TOKEN_ALGORITHM,
    subject: claims.sub,
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
}
