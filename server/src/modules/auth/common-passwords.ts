import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../config/paths';

const listFile = path.join(repoRoot, 'server', 'data', 'common-passwords.txt');

let list: Set<string> | undefined;

/** Whether a password is one of the 10,000 most common ones (compared without case). */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    fs
      .readFileSync(listFile, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return list.has(password.toLowerCase());
}
