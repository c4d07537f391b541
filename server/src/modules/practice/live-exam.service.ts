import type { DataSource } from 'typeorm';
import { badInput } from '../../shared/errors';
import { parsePage, type Page } from '../../shared/paging';
import { ModelTest } from './model-test.entity';
import { MAX_LEVEL, MIN_LEVEL } from './syllabus';

/**
 * Live exams: published model tests with a window that has not closed yet, the soonest to open
 * first (those open now before those still to come), for one class when given.
 */
export async function listUpcomingModelTests(
  db: DataSource,
  classLevel: number | null | undefined,
  paging: { offset?: number; limit?: number },
): Promise<Page<ModelTest>> {
  const page = parsePage(paging.offset, paging.limit, 10);
  if (classLevel != null && !(Number.isInteger(classLevel) && classLevel >= MIN_LEVEL && classLevel <= MAX_LEVEL))
    throw badInput('The class must be 1 to 12, or 13 for admission', { field: 'classLevel' });
  const query = db.getRepository(ModelTest).createQueryBuilder('t').where('t.published AND t."closesAt" > now()');
  if (classLevel != null) query.andWhere('t."classLevel" = :classLevel', { classLevel });
  const items = await query.clone().orderBy('coalesce(t."opensAt", t."createdAt")', 'ASC').addOrderBy('t.id').skip(page.offset).take(page.limit).getMany();
  return { items, ...page, countTotal: () => query.getCount() };
}
