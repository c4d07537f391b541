import fs from 'node:fs';
import path from 'node:path';
import { LANE_COUNT, filesAlone, laneFiles } from '../../../scripts/jest-lanes.cjs';

const REPO = path.resolve(__dirname, '../../..');

describe.each(['server', 'client'])('the lanes npm test runs the %s tests in', (workspace) => {
  const source = path.join(REPO, workspace, 'src');

  it('hold every test file exactly once, but those that ask for a test environment of their own', () => {
    const alone = filesAlone(source);
    for (const file of alone) expect(fs.readFileSync(file, 'utf8')).toMatch(/^\/\*\*? *@jest-environment /);
    if (workspace === 'client') expect(alone.map((file) => path.basename(file))).toContain('theme-css.test.ts');
    const files = [...laneFiles(source).flat(), ...alone];
    if (workspace === 'server') expect(files).toContain(__filename);
    expect(new Set(files).size).toBe(files.length);
    const onDisk = fs
      .readdirSync(source, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.join(source, name));
    expect(files.sort()).toEqual(onDisk.sort());
  });

  it('are each a lane file', () => {
    const dir = path.join(REPO, workspace, 'test-support/lanes');
    const names = fs.readdirSync(dir).sort();
    expect(names).toEqual(Array.from({ length: LANE_COUNT }, (_, i) => `lane-${i + 1}.lane.cjs`));
    names.forEach((name, i) => expect(fs.readFileSync(path.join(dir, name), 'utf8')).toContain(`runLane(${i});`));
  });
});
