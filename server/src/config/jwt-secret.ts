import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

/** JWT_SECRET, or outside production one generated once and kept under DATA_DIR (readable by its owner only). */
export function resolveJwtSecret(env: Env): string {
  if (env.jwtSecret) return env.jwtSecret;
  const file = path.join(env.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
