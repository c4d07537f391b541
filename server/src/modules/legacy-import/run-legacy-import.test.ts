import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { Course } from '../course/course.entity';
import { consoleReporter } from './run-legacy-import';
import { compiledScript } from '../../test/compiled-server';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
// Each command is a process of its own, started after the run's compile of the server.
jest.setTimeout(120_000);

const serverDir = path.resolve(__dirname, '../../..');

/** `npm run import:legacy -- <args>` as a person types it, from the repository's root. */
async function importCommand(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [await compiledScript(path.join(__dirname, 'run-legacy-import.ts')), ...args], {
      cwd: serverDir,
      env: { ...process.env, INIT_CWD: path.resolve(serverDir, '..'), LOG_LEVEL: 'error', ...env },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('npm run import:legacy', () => {
  it('imports a folder into DATABASE_URL, printing a line per collection; --dry-run saves nothing', async () => {
    const databaseUrl = (db.options as { url: string }).url;
    const folder = 'server/src/modules/legacy-import/fixtures';
    const dry = await importCommand([folder, '--dry-run'], { DATABASE_URL: databaseUrl });
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('courses (Course.json): 3 read, 3 created, 0 updated, 0 unchanged, 0 not imported');
    expect(dry.out).toMatch(/Dry run: nothing was saved in [\d.]+ s, peak memory \d+ MB\./);
    expect(await db.getRepository(Course).count()).toBe(0);

    expect(dry.out).toMatch(/Every record's problem or note \(\d+\): \S+shikhon-legacy-import-\S+\.txt/);
    expect(dry.out).not.toMatch(/ record \d+ \(line /);
    const real = await importCommand([folder], { DATABASE_URL: databaseUrl });
    expect(real.out).toContain('reviews (reviews.json): 4 read, 4 created, 0 updated, 0 unchanged, 0 not imported');
    expect(real.out).toContain('blogs (blogs.json): 3 read, 3 created');
    expect(await db.getRepository(Course).count()).toBe(3);
  });

  it('explains how to call it', async () => {
    const wrong = await importCommand(['--fast']);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('Usage: npm run import:legacy -- <folder of mongoexport files> [--dry-run]');
    expect((await importCommand(['no/such/folder'])).out).toContain('no/such/folder is not a folder');
  });

  it('draws a progress bar on a terminal for files over 1 MB; each problem goes to the details, the terminal gets a line per kind of note', () => {
    const drawn: string[] = [];
    const lines: string[] = [];
    const details: string[] = [];
    const terminal = { write: (text: string) => drawn.push(text) } as unknown as NodeJS.WriteStream;
    const reporter = consoleReporter(
      (line) => lines.push(line),
      terminal,
      (line) => details.push(line),
    );
    reporter.progress('courses', 1000, 2000);
    expect(drawn).toEqual([]);
    reporter.progress('courses', 1 << 20, 2 << 20);
    expect(drawn).toEqual([`\rcourses [${'#'.repeat(15)}${'-'.repeat(15)}] 50%`]);
    reporter.problem({ collection: 'courses', file: 'Course.json', record: 7, line: 9, legacyId: '7', reason: 'missing name' });
    reporter.note?.({ collection: 'courses', file: 'Course.json', record: 8, line: 10, legacyId: '8', reason: 'a taka price was proposed' });
    expect(details).toEqual([
      'Course.json record 7 (line 9, _id 7): missing name',
      'Course.json record 8 (line 10, _id 8): imported with a change: a taka price was proposed',
    ]);
    expect(lines).toEqual([]);
    reporter.collectionDone({
      collection: 'courses',
      file: 'Course.json',
      read: 8,
      created: 7,
      updated: 0,
      unchanged: 0,
      failed: 1,
      notes: { 'a taka price was proposed': 1 },
    });
    expect(lines).toEqual(['courses (Course.json): 8 read, 7 created, 0 updated, 0 unchanged, 1 not imported', '  1 a taka price was proposed']);
  });
});
