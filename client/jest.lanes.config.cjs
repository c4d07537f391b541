/** `npm test`: the test files in lanes (scripts/jest-lanes.cjs). */
const { lanesConfig } = require('../scripts/jest-lanes.cjs');

module.exports = lanesConfig(require('./jest.config.cjs'), __dirname);
