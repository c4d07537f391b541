import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config/paths';

function graphqlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

/** Every operation and fragment the client sends, as one document: tests run the client's real queries. */
export function clientOperations(): string {
  return graphqlFiles(path.join(repoRoot, 'client', 'src'))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}
