import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm test` runs the server's test files in a few lanes (jest.lanes.config.js): each lane is one jest
 * test file that requires its share of the `*.test.ts` files, each inside a describe block named by its
 * path, so a file's hooks stay its own. Jest evaluates the product's modules (about 2,000 of them, some
 * 3 CPU-seconds) once per test file; in lanes that happens once per lane instead of once per file.
 * `npx jest <file>` still runs a file alone.
 */
export const LANE_COUNT = 6;

const SOURCE = path.resolve(__dirname, '../..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files of each lane: the largest first, each to the lane with the fewest bytes so far. */
export function laneFiles(): string[][] {
  const lanes = Array.from({ length: LANE_COUNT }, () => ({ bytes: 0, files: [] as string[] }));
  const bySize = testFiles(SOURCE)
    .map((file) => ({ file, bytes: fs.statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  for (const { file, bytes } of bySize) {
    const lightest = lanes.reduce((min, lane) => (lane.bytes < min.bytes ? lane : min));
    lightest.bytes += bytes;
    lightest.files.push(file);
  }
  return lanes.map((lane) => lane.files.sort());
}

const TEST_TIMEOUT = Symbol.for('TEST_TIMEOUT_SYMBOL');

/**
 * Declares lane `index`'s test files. A file's `jest.setTimeout` would apply to the whole lane (jest
 * reads it once, when the run starts), so the lane takes the longest any of its files asks for.
 */
export function runLane(index: number): void {
  const timeouts: number[] = [];
  for (const file of laneFiles()[index]) {
    describe(path.relative(SOURCE, file), () => {
      const before = (globalThis as Record<symbol, number | undefined>)[TEST_TIMEOUT];
      // A lane declares its files' tests as it requires them; an import would be hoisted out of the describe.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
      const asked = (globalThis as Record<symbol, number | undefined>)[TEST_TIMEOUT];
      if (asked !== before && asked !== undefined) timeouts.push(asked);
      (globalThis as Record<symbol, number | undefined>)[TEST_TIMEOUT] = before;
    });
  }
  if (timeouts.length > 0) jest.setTimeout(Math.max(...timeouts));
}
