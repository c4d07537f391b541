import { pictureFileName } from '../../shared/picture';

/** Where a bank question's picture is served, changing with its content; null for a question without one. */
export function questionPictureAddress(question: { id: string; pictureType: string | null; pictureDigest: string | null }): string | null {
  const file = pictureFileName(question);
  return file && `/api/questions/${question.id}/picture/${file}`;
}
