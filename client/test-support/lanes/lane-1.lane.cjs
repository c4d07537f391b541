// One of the lanes `npm test` runs the test files in (scripts/jest-lanes.cjs).
require('../../../scripts/jest-lanes.cjs').runLane(0);
