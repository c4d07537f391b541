import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config/paths';

/**
 * The benchmark's yardstick (bench/baseline-server.mjs and the answers it serves) writes its own SQL:
 * a statement of the product's copied into it would make a slow product statement look fair. It may
 * import packages and its neighbours in bench/, and read no file of the product's.
 */
const YARDSTICK = ['bench/baseline-server.mjs', 'bench/baseline-answers.mjs'];

it.each(YARDSTICK)('%s imports and reads nothing of the product’s', (file) => {
  const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const imported = [...source.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
  expect(imported.length).toBeGreaterThan(0);
  for (const target of imported) expect(target.startsWith('.') ? path.dirname(path.join('bench', target)) : 'a package').toMatch(/^(bench|a package)$/);
  expect(source).not.toMatch(/\.\.\/(server|client)\//);
});
