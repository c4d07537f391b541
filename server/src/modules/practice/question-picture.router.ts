import type { Router } from 'express';
import type { DataSource } from 'typeorm';
import { pictureRouter } from '../../shared/picture-router';
import { requireRole, requireViewer, roles } from '../auth/guards';
import { readQuestionPicture, removeQuestionPicture, setQuestionPicture } from './question-bank.service';
import { questionPictureAddress } from './question-picture';

/** A bank question's picture: put and taken away by its editors, read by anyone holding its address. */
export function questionPictureRouter(db: DataSource): Router {
  return pictureRouter({
    base: '/api/questions',
    tag: 'Question bank',
    changers: "a bank question's editors",
    readers: { access: 'anyone', say: 'anyone holding its address' },
    gate: (req) => {
      const viewer = requireViewer(req);
      requireRole(viewer, roles.staff);
      return viewer;
    },
    change: async (viewer, id, bytes) =>
      questionPictureAddress(await (bytes ? setQuestionPicture(db, viewer, id, bytes) : removeQuestionPicture(db, viewer, id))),
    read: (_req, id, digest) => readQuestionPicture(db, id, digest),
    cache: 'public',
  });
}
