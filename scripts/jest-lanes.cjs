// `npm test` runs each workspace's test files in a few lanes: a lane is one jest test file that
// requires its share of the test files, each inside a describe block named by its path, so a file's
// hooks stay its own. Jest evaluates a test file's imports anew for every test file (the server's
// 2,000 modules cost about 3 CPU-seconds each time); in lanes that happens once per lane instead.
// A file that asks for its own test environment (a `@jest-environment` docblock) cannot share a
// lane's; it runs as a test file of its own. `npx jest <file>` with the workspace's usual config still
// runs any file alone.
/* global describe, jest */
const fs = require('node:fs');
const path = require('node:path');

const LANE_COUNT = 6;
const TEST_FILE = /\.test\.tsx?$/;
const TEST_TIMEOUT = Symbol.for('TEST_TIMEOUT_SYMBOL');
const OWN_ENVIRONMENT = /^\s*(\/\*\*?[^]*?@jest-environment\s)/;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

const hasOwnEnvironment = (file) => OWN_ENVIRONMENT.test(fs.readFileSync(file, 'utf8').slice(0, 500));

/** The test files under `root` that ask for a test environment of their own: each runs alone. */
function filesAlone(root) {
  return testFiles(root).filter(hasOwnEnvironment).sort();
}

/** The other test files under `root`, in LANE_COUNT lanes: the largest first, each to the lane with the fewest bytes so far. */
function laneFiles(root) {
  const lanes = Array.from({ length: LANE_COUNT }, () => ({ bytes: 0, files: [] }));
  const bySize = testFiles(root)
    .filter((file) => !hasOwnEnvironment(file))
    .map((file) => ({ file, bytes: fs.statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  for (const { file, bytes } of bySize) {
    const lightest = lanes.reduce((min, lane) => (lane.bytes < min.bytes ? lane : min));
    lightest.bytes += bytes;
    lightest.files.push(file);
  }
  return lanes.map((lane) => lane.files.sort());
}

/**
 * Declares the tests of lane `index` (from 0), as the lanes config assigned them (once, in jest's main
 * process, so that every lane reads the same assignment). A file's `jest.setTimeout` would hold for the
 * whole lane (jest reads it once, when the run starts), so the lane takes the longest any of its files asks for.
 */
function runLane(index) {
  const { root, lanes } = globalThis.jestLanes;
  const timeouts = [];
  for (const file of lanes[index]) {
    describe(path.relative(root, file), () => {
      const before = globalThis[TEST_TIMEOUT];
      require(file);
      if (globalThis[TEST_TIMEOUT] !== before) timeouts.push(globalThis[TEST_TIMEOUT]);
      globalThis[TEST_TIMEOUT] = before;
    });
  }
  if (timeouts.length > 0) jest.setTimeout(Math.max(...timeouts));
}

/** The jest config that runs `base`'s tests in lanes: the lane files of `rootDir`'s test-support/lanes, and the files that run alone. */
function lanesConfig(base, rootDir) {
  const root = path.join(rootDir, 'src');
  return {
    ...base,
    globals: { ...base.globals, jestLanes: { root, lanes: laneFiles(root) } },
    roots: [path.join(rootDir, 'test-support/lanes'), path.join(rootDir, 'src')],
    testMatch: [path.join(rootDir, 'test-support/lanes/*.lane.cjs'), ...filesAlone(root)],
  };
}

module.exports = { LANE_COUNT, filesAlone, laneFiles, lanesConfig, runLane };
