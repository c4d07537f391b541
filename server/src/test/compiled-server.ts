import fs from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(__dirname, '..', '..');

/**
 * The compiled copy of a server script (`src/index.ts`, `src/worker.ts`...), for a test that runs
 * it as its own process: jest.global-setup.mjs compiles the server once per run, in the background,
 * rather than every process compiling it again through ts-node. Waits for that compile to end.
 */
export async function compiledScript(source: string): Promise<string> {
  const build = process.env.TEST_SERVER_BUILD;
  if (!build) throw new Error('TEST_SERVER_BUILD is not set: run the tests through jest (its global setup compiles the server)');
  // No deadline of its own: the compile ends one way or the other, and the test's timeout covers it.
  for (;;) {
    if (fs.existsSync(build)) break;
    if (fs.existsSync(`${build}.failed`)) throw new Error(fs.readFileSync(`${build}.failed`, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const compiled = path.join(build, 'server', path.relative(serverRoot, path.resolve(serverRoot, source)).replace(/\.ts$/, '.js'));
  if (!fs.existsSync(compiled)) throw new Error(`${source} is not part of the server's build (tsconfig.build.json)`);
  return compiled;
}
