import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { seedPractice } from './practice-seed';
import { PRACTICE_ELIGIBLE } from './practice-set.service';
import { sscPhysics } from './syllabus';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
beforeEach(() => resetDatabase(db));

describe('the demo question bank', () => {
  it('has at least five practice questions in Bangla, with explanations, in every SSC physics chapter, some of them board questions', async () => {
    await db.transaction((manager) => seedPractice(manager));
    const rows = await db.query<Array<{ chapterId: string; count: number; board: number; explained: boolean; bangla: boolean }>>(
      `SELECT q."chapterId", count(*)::int AS "count", count(q."board")::int AS "board",
              bool_and(q."explanation" <> '') AS "explained", bool_and(q."text" ~ '[\\u0980-\\u09FF]') AS "bangla"
         FROM "question" q
        WHERE ${PRACTICE_ELIGIBLE} AND q."subjectId" = 'physics' AND q."classLevel" = 9 AND q."courseId" IS NULL
        GROUP BY q."chapterId"`,
    );
    const byChapter = new Map(rows.map((row) => [row.chapterId, row]));
    expect(sscPhysics).toHaveLength(14);
    for (const chapter of sscPhysics) {
      const row = byChapter.get(chapter.id);
      expect({ chapter: chapter.nameEn, enough: (row?.count ?? 0) >= 5, explained: row?.explained, bangla: row?.bangla }).toEqual({
        chapter: chapter.nameEn,
        enough: true,
        explained: true,
        bangla: true,
      });
    }
    expect(rows.reduce((sum, row) => sum + row.board, 0)).toBeGreaterThanOrEqual(14);
  });
});
