import { pictureFileName } from '../../shared/picture';

/** Where a lesson question's picture is served, changing with its content; null for a question without one. */
export function lessonQuestionPictureAddress(question: { id: string; pictureType: string | null; pictureDigest: string | null }): string | null {
  const file = pictureFileName(question);
  return file && `/api/lesson-questions/${question.id}/picture/${file}`;
}
