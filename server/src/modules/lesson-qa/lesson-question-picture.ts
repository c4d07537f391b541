import type { DataSource } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { AppError } from '../../shared/errors';
import { checkedPicture } from '../../shared/picture';
import { LessonQuestion } from './lesson-question.entity';
import { questionAccess, viewsOf } from './lesson-qa.service';

export const ONLY_ASKER_PICTURES = 'Only the student who asked the question can change its picture';

/** Its asker gives a question a picture, or replaces the one it has; anything but a PNG, JPEG or WebP of at most 1 MB is refused and the question keeps what it had. */
export async function setLessonQuestionPicture(db: DataSource, viewer: Viewer, questionId: string, bytes: Buffer): Promise<LessonQuestion> {
  const { question } = await questionAccess(db, viewer, questionId);
  if (question.askerId !== viewer.id) throw new AppError('FORBIDDEN', ONLY_ASKER_PICTURES);
  const picture = checkedPicture(bytes);
  await db.getRepository(LessonQuestion).update({ id: question.id }, picture);
  const [view] = await viewsOf(db, viewer, [{ ...question, pictureType: picture.pictureType, pictureDigest: picture.pictureDigest }]);
  return view;
}

/** Its asker takes a question's picture away. */
export async function removeLessonQuestionPicture(db: DataSource, viewer: Viewer, questionId: string): Promise<LessonQuestion> {
  const { question } = await questionAccess(db, viewer, questionId);
  if (question.askerId !== viewer.id) throw new AppError('FORBIDDEN', ONLY_ASKER_PICTURES);
  await db.getRepository(LessonQuestion).update({ id: question.id }, { picture: null, pictureType: null, pictureDigest: null });
  const [view] = await viewsOf(db, viewer, [{ ...question, pictureType: null, pictureDigest: null }]);
  return view;
}

/** The picture, for those who may read the question (its course's students, its instructor, admins), when `digest` is its current one's; null otherwise. */
export async function readLessonQuestionPicture(
  db: DataSource,
  viewer: Viewer,
  questionId: string,
  digest: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const { question } = await questionAccess(db, viewer, questionId);
  if (question.pictureDigest !== digest) return null;
  const row = await db
    .getRepository(LessonQuestion)
    .createQueryBuilder('q')
    .select(['q.id', 'q.pictureType'])
    .addSelect('q.picture')
    .where('q.id = :id AND q."pictureDigest" = :digest', { id: question.id, digest })
    .getOne();
  return row?.picture && row.pictureType ? { bytes: row.picture, type: row.pictureType } : null;
}
