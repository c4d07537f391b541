import fs from 'node:fs';
import path from 'node:path';
import { LANE_COUNT, laneFiles } from './lanes';

describe('the lanes npm test runs', () => {
  it('hold every test file of the server exactly once, this one included', () => {
    const files = laneFiles().flat();
    expect(files).toContain(__filename);
    expect(new Set(files).size).toBe(files.length);
    expect(files.every((file) => file.endsWith('.test.ts') && fs.existsSync(file))).toBe(true);
  });

  it('has a lane file for each lane', () => {
    const laneFileNames = fs.readdirSync(__dirname).filter((name) => name.endsWith('.lane.ts'));
    expect(laneFileNames.sort()).toEqual(Array.from({ length: LANE_COUNT }, (_, i) => `lane-${i + 1}.lane.ts`));
    for (const name of laneFileNames) {
      expect(fs.readFileSync(path.join(__dirname, name), 'utf8')).toContain(`runLane(${Number(name.match(/\d+/)![0]) - 1})`);
    }
  });
});
