import fs from 'node:fs';
import path from 'node:path';

/** The repository root: the folder holding both `server/` and `client/`, found from this file
 * whether it runs from source (ts-node, jest) or from the compiled `dist/`. */
function findRepoRoot(): string {
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'server', 'package.json'))) {
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the project root above ${__dirname}`);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();
/** True when this file runs from the compiled build rather than the TypeScript sources. */
export const runsCompiled = __filename.endsWith('.js');
// Compiled, the migrations sit beside the server in the build (dist/migrations for dist/server/src).
export const migrationsGlob = runsCompiled ? path.join(__dirname, '..', '..', '..', 'migrations', '*.js') : path.join(repoRoot, 'migrations', '*.ts');
export const schemaFile = path.join(repoRoot, 'schema.graphql');
