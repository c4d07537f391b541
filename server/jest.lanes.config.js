/** `npm test`: the test files in lanes (src/test/lanes/lanes.ts), each lane one jest test file. */
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['**/test/lanes/*.lane.ts'] };
