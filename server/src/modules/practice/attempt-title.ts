import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import type { Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import { ModelTest } from './model-test.entity';
import { PracticeSet, PracticeSource } from './practice-set.entity';
import { Chapter, Subject } from './subject.entity';

/** What an attempt's title is made of: its model test's title, or its practice set with the subject and chapters picked. */
export type AttemptTitleParts = { testTitle: string } | { set: PracticeSet; subject: Subject | null; chapters: Chapter[] };

/** An attempt as the loader takes it: `test:<id>` or `set:<id>`. */
export const attemptTitleKey = (attempt: { testId: string | null; practiceSetId: string | null }) =>
  attempt.testId ? `test:${attempt.testId}` : `set:${attempt.practiceSetId}`;

/** Per request: the parts of many attempts' titles in at most four statements, however long the list. */
export function createAttemptTitleLoader(db: DataSource): DataLoader<string, AttemptTitleParts> {
  return new DataLoader(async (keys) => {
    const idsOf = (kind: string) => keys.filter((key) => key.startsWith(`${kind}:`)).map((key) => key.slice(kind.length + 1));
    const testIds = idsOf('test');
    const setIds = idsOf('set');
    const tests = testIds.length > 0 ? await db.getRepository(ModelTest).find({ select: { id: true, title: true }, where: { id: In(testIds) } }) : [];
    const sets = setIds.length > 0 ? await db.getRepository(PracticeSet).findBy({ id: In(setIds) }) : [];
    const subjectIds = [...new Set(sets.flatMap((set) => (set.subjectId ? [set.subjectId] : [])))];
    const chapterIds = [...new Set(sets.flatMap((set) => set.chapterIds))];
    const subjects = subjectIds.length > 0 ? await db.getRepository(Subject).findBy({ id: In(subjectIds) }) : [];
    const chapters = chapterIds.length > 0 ? await db.getRepository(Chapter).find({ where: { id: In(chapterIds) }, order: { position: 'ASC' } }) : [];
    return keys.map((key): AttemptTitleParts | Error => {
      const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
      if (kind === 'test') {
        const test = tests.find((found) => found.id === id);
        return test ? { testTitle: test.title } : new Error(`model test ${id} not found`);
      }
      const set = sets.find((found) => found.id === id);
      if (!set) return new Error(`practice set ${id} not found`);
      return {
        set,
        subject: subjects.find((subject) => subject.id === set.subjectId) ?? null,
        chapters: chapters.filter((chapter) => set.chapterIds.includes(chapter.id)),
      };
    });
  });
}

/** The model test's title, or the practice set's name in the language: what it was made from, at most three chapters named. */
export function attemptTitle(parts: AttemptTitleParts, language: Language): string {
  if ('testTitle' in parts) return parts.testTitle;
  const { set, subject, chapters } = parts;
  if (set.source === PracticeSource.WRONG_ANSWERS) return text(language, 'practice.title.wrongAnswers');
  if (set.source === PracticeSource.SAVED) return text(language, 'practice.title.saved');
  const subjectName = subject ? (language === 'bn' ? subject.nameBn : subject.nameEn) : '';
  let title = text(language, 'practice.title.subject', { subject: subjectName });
  if (chapters.length > 0) {
    const names = chapters.map((chapter) => (language === 'bn' ? chapter.nameBn : chapter.nameEn));
    const shown = names.length > 3 ? [...names.slice(0, 3), '…'] : names;
    title = text(language, 'practice.title.chapters', { subject: subjectName, chapters: shown.join(', ') });
  }
  return set.boardQuestionsOnly ? text(language, 'practice.title.boardOnly', { title }) : title;
}
