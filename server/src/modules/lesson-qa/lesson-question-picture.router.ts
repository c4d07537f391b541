import type { Router } from 'express';
import type { DataSource } from 'typeorm';
import { pictureRouter } from '../../shared/picture-router';
import { requireViewer } from '../auth/guards';
import { readLessonQuestionPicture, removeLessonQuestionPicture, setLessonQuestionPicture } from './lesson-question-picture';

/**
 * The picture of a question under a lesson: put and taken away by its asker, read by whoever may
 * read the question (the course's students, its instructor, admins), kept by their browser alone.
 */
export function lessonQuestionPictureRouter(db: DataSource): Router {
  return pictureRouter({
    base: '/api/lesson-questions',
    tag: 'Lesson questions',
    changers: 'the student who asked the question',
    readers: { access: 'signed-in', say: "those who may read the question: the course's students, its instructor, admins" },
    gate: requireViewer,
    change: async (viewer, id, bytes) =>
      (await (bytes ? setLessonQuestionPicture(db, viewer, id, bytes) : removeLessonQuestionPicture(db, viewer, id))).pictureURL,
    read: (req, id, digest) => readLessonQuestionPicture(db, requireViewer(req), id, digest),
    cache: 'private',
  });
}
