import { Router, type Request } from 'express';
import type { DataSource } from 'typeorm';
import { isSelfOrAdmin, requireRole, requireViewer, roles } from '../modules/auth/guards';
import { findPublicInstructor, findUserFor, findViewerUser, updateProfile } from '../modules/user/user.service';
import type { User } from '../modules/user/user.entity';
import { AppError } from '../shared/errors';
import { listUsers, makeAdmin, removeAdmin } from '../modules/admin/user-admin.service';
import { normalizeEmail } from '../modules/auth/sign-up-rules';
import { MAX_AVATAR_URL_LENGTH, ProfileInput } from '../modules/user/profile.input';
import { Role } from '../kernel/role';
import { arrayOf, documented, error, json, orNull, text, type RouteDocs } from '../shared/route-docs';
import { LEGACY_PAGE_QUERY, legacyPage } from './legacy-page';
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

const nullableText = (description: string) => orNull(text(description));
const legacyUserSchema = {
  type: 'object',
  description: 'An account as the old API answered it',
  required: ['_id', 'id', 'role', 'name', 'email', 'phone', 'image', 'date', 'eduQualification', 'contactEmail', 'createdOn'],
  properties: {
    _id: text('The account id again'),
    id: { type: 'string', format: 'uuid', description: "The account's id (`User.id`)" },
    role: { enum: Object.values(Role).map((role) => role.toLowerCase()), description: 'In lower case' },
    name: text('The full name'),
    email: nullableText('The sign-in email; null for an account made with a mobile number'),
    phone: nullableText('The mobile number'),
    image: nullableText('The picture'),
    date: nullableText('Date of birth, YYYY-MM-DD'),
    eduQualification: nullableText('Education'),
    contactEmail: nullableText('An email to be reached at'),
    createdOn: { type: 'string', format: 'date-time', description: 'When the account was made' },
  },
} as const;
const publicInstructorSchema = {
  type: 'object',
  description: "What anyone may see of an instructor: the old course page's instructor box",
  required: ['_id', 'id', 'role', 'name', 'image', 'eduQualification'],
  properties: {
    _id: text('The account id again'),
    id: { type: 'string', format: 'uuid' },
    role: { const: 'instructor' },
    name: text('The full name'),
    image: nullableText('The picture'),
    eduQualification: nullableText('Education'),
  },
} as const;
const EMAIL_PATH = { email: { description: "The account's sign-in email", schema: { type: 'string' } } };
const TAG = 'Accounts (old API)';
const changed = (description: string, properties: Record<string, unknown>) =>
  json(description, { type: 'object', required: Object.keys(properties), properties });

/** The description of each path below, for GET /openapi.json (http/openapi.ts); a route without one fails openapi.test.ts. */
const LEGACY_USERS_API: RouteDocs = {
  'POST /api/users': {
    tag: TAG,
    access: 'signed-in',
    summary: "Record the signed-in person's profile fields",
    description:
      'The old client posted its profile record before creating the account; now the account exists first (sign-up), so this sets the profile fields of the person signed in. `role` is ignored; an `email` other than their own answers 403.',
    body: {
      description: 'The profile fields to set; a field left out stays as it is',
      required: true,
      content: {
        'application/json': {
          type: 'object',
          properties: {
            email: text('Must be the signed-in email, if given'),
            name: text('The full name, at most 100 characters'),
            phone: text('A Bangladeshi mobile number, Bangla or English digits'),
            date: text('Date of birth, YYYY-MM-DD'),
            image: { type: 'string', maxLength: MAX_AVATAR_URL_LENGTH, description: 'A picture address (https://)' },
          },
        },
      },
    },
    responses: {
      201: changed('Recorded', { acknowledged: { const: true }, insertedId: { type: 'string', format: 'uuid', description: "The account's id" } }),
      400: error('A field is wrong (`field` names it)'),
    },
  },
  'GET /api/users': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Active accounts, a page at a time (admins)',
    query: LEGACY_PAGE_QUERY,
    responses: { 200: json('The accounts', arrayOf(legacyUserSchema)), 400: error('A paging value out of range') },
  },
  'PUT /api/users/:email': {
    tag: TAG,
    access: 'signed-in',
    summary: 'Make an account an admin (admins)',
    path: EMAIL_PATH,
    responses: {
      200: changed('Done; `modifiedCount` is 0 when it already was an admin', {
        acknowledged: { const: true },
        matchedCount: { const: 1 },
        modifiedCount: { enum: [0, 1] },
        upsertedId: { type: 'null' },
        upsertedCount: { const: 0 },
      }),
      404: error('No account has this email'),
    },
  },
  'DELETE /api/users/:email': {
    tag: TAG,
    access: 'signed-in',
    summary: "Take an admin's role away (admins); the account itself stays",
    path: EMAIL_PATH,
    responses: {
      200: changed('Done', { acknowledged: { const: true }, deletedCount: { const: 1 } }),
      404: error('No account has this email'),
      409: error('The account is not an admin, or is the last admin'),
    },
  },
  'GET /api/users/getUserByEmail/:email': {
    tag: TAG,
    access: 'anyone',
    summary: 'An instructor’s public fields (anyone), or a whole account (the person themself, admins)',
    path: EMAIL_PATH,
    responses: {
      200: json('The account, an instructor’s public fields, or null when there is none', {
        anyOf: [legacyUserSchema, publicInstructorSchema, { type: 'null' }],
      }),
    },
  },
  'GET /api/users/:id': {
    tag: TAG,
    access: 'signed-in',
    summary: 'An account by id (the person themself, admins); `me` for the signed-in person',
    path: { id: { description: "The account's id, or `me`", schema: { type: 'string' } } },
    responses: { 200: json('The account, or null when there is none', orNull(legacyUserSchema)) },
  },
};

/** The old user paths a signed-in person uses; accounts themselves are created by sign-up. */
export function legacyUsersRouter(db: DataSource): Router {
  const router = documented(Router(), LEGACY_USERS_API);

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
