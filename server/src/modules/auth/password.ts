import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of nothing in particular, checked when no account matches, so both answers take as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
