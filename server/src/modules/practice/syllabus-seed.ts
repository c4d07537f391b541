import type { DataSource, EntityManager } from 'typeorm';
import { Chapter, Subject } from './subject.entity';
import { chapters, subjects } from './syllabus';

/** Writes the syllabus rows that are missing (the migration wrote them; tests empty every table). */
export async function ensureSyllabus(db: DataSource | EntityManager): Promise<void> {
  await db.createQueryBuilder().insert().into(Subject).values(subjects).orIgnore().execute();
  await db.createQueryBuilder().insert().into(Chapter).values(chapters).orIgnore().execute();
}
