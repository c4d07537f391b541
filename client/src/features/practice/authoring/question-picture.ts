import { sendPicture, type PictureOutcome } from '../../../components/picture/picture-file';

/** Sends a picture for a saved bank question (or takes its picture away with `file` null). */
export const sendQuestionPicture = (questionId: string, file: Blob | null, token: string | null): Promise<PictureOutcome> =>
  sendPicture(`/api/questions/${encodeURIComponent(questionId)}/picture`, file, token);
