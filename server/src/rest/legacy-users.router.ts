import { Router, type Request } from 'express';
import type { DataSource } from 'typeorm';
import { isSelfOrAdmin, requireRole, requireViewer, roles } from '../modules/auth/guards';
import { findPublicInstructor, findUserFor, findViewerUser, updateProfile } from '../modules/user/user.service';
import type { User } from '../modules/user/user.entity';
import { AppError } from '../shared/errors';
import { listUsers, makeAdmin, removeAdmin } from '../modules/admin/user-admin.service';
import { normalizeEmail } from '../modules/auth/sign-up-rules';
import { legacyPage } from './legacy-page';
import { ProfileInput } from '../modules/user/profile.input';
import { inputOf, validateInput } from '../shared/validation';

/** The old user document: roles in lower case, `createdOn` for the creation time. */
export function toLegacyUser(user: User) {
  return {
    _id: user.id,
    id: user.id,
    role: user.role.toLowerCase(),
    name: user.name,
    email: user.email,
    phone: user.phone,
    image: user.image,
    date: user.date,
    eduQualification: user.eduQualification,
    contactEmail: user.contactEmail,
    createdOn: user.createdAt.toISOString(),
  };
}

/** What anyone may see of an instructor: name, photo and education (the instructor box's bio). */
export function toLegacyPublicInstructor(user: User) {
  return { _id: user.id, id: user.id, role: 'instructor', name: user.name, image: user.image, eduQualification: user.eduQualification };
}

const viewerOf = (req: Request) => requireViewer(req);

/** The old user paths a signed-in person uses; accounts themselves are created by sign-up. */
export function legacyUsersRouter(db: DataSource): Router {
  const router = Router();

  // The old client posted its profile record before creating the account; now the account exists
  // first, so this records the profile fields of the signed-in person (role and email stay).
  router.post('/api/users', async (req, res) => {
    const viewer = viewerOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.email === 'string' && normalizeEmail(body.email) !== viewer.email) {
      throw new AppError('FORBIDDEN', 'You can only record your own profile');
    }
    const text = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
    const changes = await validateInput(inputOf(ProfileInput, { name: text('name'), phone: text('phone'), date: text('date'), image: text('image') }));
    const user = await updateProfile(db, viewer, changes);
    res.status(201).json({ acknowledged: true, insertedId: user.id });
  });

  // The admin list of active accounts, a page at a time (`offset`/`limit`, like the other legacy lists).
  router.get('/api/users', async (req, res) => {
    const viewer = viewerOf(req);
    requireRole(viewer, roles.admin);
    const page = await listUsers(db, viewer, {}, legacyPage(req));
    res.json(page.items.map(toLegacyUser));
  });

  // Make Admin: the old client reads modifiedCount and shows 'Failed to Make an admin' on a 403.
  router.put('/api/users/:email', async (req, res) => {
    const { changed } = await makeAdmin(db, viewerOf(req), { email: String(req.params.email) }, req.ip ?? 'unknown');
    res.json({ acknowledged: true, matchedCount: 1, modifiedCount: changed ? 1 : 0, upsertedId: null, upsertedCount: 0 });
  });

  // Remove Admin: the old client called DELETE and read deletedCount; the account itself stays.
  router.delete('/api/users/:email', async (req, res) => {
    await removeAdmin(db, viewerOf(req), { email: String(req.params.email) }, req.ip ?? 'unknown');
    res.json({ acknowledged: true, deletedCount: 1 });
  });

  // The old course page's instructor box looks its instructor up here, signed in or not: an instructor's
  // public fields answer anyone; the whole account answers only the person themself or an admin.
  router.get('/api/users/getUserByEmail/:email', async (req, res) => {
    const email = String(req.params.email);
    const ownOrAdmin = req.viewer && isSelfOrAdmin(req.viewer, { email: normalizeEmail(email) });
    if (!ownOrAdmin) {
      const instructor = await findPublicInstructor(db, email);
      if (instructor) {
        res.json(toLegacyPublicInstructor(instructor));
        return;
      }
    }
    const user = await findUserFor(db, viewerOf(req), { email });
    res.json(user ? toLegacyUser(user) : null);
  });

  router.get('/api/users/:id', async (req, res) => {
    const viewer = viewerOf(req);
    const user = req.params.id === 'me' ? await findViewerUser(db, viewer) : await findUserFor(db, viewer, { id: String(req.params.id) });
    res.json(user ? toLegacyUser(user) : null);
  });

  return router;
}
