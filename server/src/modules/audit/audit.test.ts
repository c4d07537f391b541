import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { toViewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { deleteCourse } from '../course-editing/course-editing.service';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { deleteUser } from '../admin/user-admin.service';
import { AuditEntry } from './audit.entity';

let admin: HttpClient;
let teacher: User;
let instructor: HttpClient;
let boss: User;

const ADMIN_ADDRESS = '203.0.113.7';
const TEACHER_ADDRESS = '198.51.100.23';

const given = useAppPerFile();
beforeEach(async () => {
  boss = await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
  teacher = await makeUser(given.db, { email: 'teacher@example.com', name: 'Teacher', role: Role.INSTRUCTOR }, 'teacher password');
  admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
  // The app trusts a loopback proxy, so these stand for the clients' own addresses.
  admin.headers['x-forwarded-for'] = ADMIN_ADDRESS;
  instructor = await signedInClient(given.app.url, 'teacher@example.com', 'teacher password');
  instructor.headers['x-forwarded-for'] = TEACHER_ADDRESS;
});

const rows = () => given.db.getRepository(AuditEntry).find({ order: { createdAt: 'ASC' } });
const noErrors = (body: { errors?: unknown }) => expect(body.errors).toBeUndefined();

const validCourse = {
  name: 'Class 9 Physics',
  description: 'Motion, force and energy.',
  price: 15,
  category: 'SCHOOL',
  classLevel: 9,
  lessons: [{ title: 'Motion', videoURL: '/media/videos/lesson-1.webm' }],
};

describe('audit log: each action writes exactly one row', () => {
  it.each([
    ['makeAdmin', 'MAKE_ADMIN', 'mutation { makeAdmin(email: "Pupil@example.com") { role } }', { email: 'pupil@example.com', previousRole: 'STUDENT' }],
    ['deleteUser', 'CLOSE_ACCOUNT', 'mutation { deleteUser(email: "pupil@example.com") { id } }', { email: 'pupil@example.com', role: 'STUDENT' }],
  ])('%s over GraphQL records %s by the admin from their address', async (_name, action, mutation, detail) => {
    const pupil = await makeUser(given.db, { email: 'pupil@example.com' });
    noErrors(await admin.graphql(mutation));
    expect(await rows()).toEqual([
      expect.objectContaining({
        actorId: boss.id,
        actorEmail: 'boss@example.com',
        action,
        targetType: 'USER',
        targetId: pupil.id,
        address: ADMIN_ADDRESS,
        detail,
      }),
    ]);
  });

  it('removeAdmin records REMOVE_ADMIN with the role the user goes back to', async () => {
    const second = await makeUser(given.db, { email: 'second@example.com', role: Role.ADMIN, previousRole: Role.INSTRUCTOR });
    noErrors(await admin.graphql('mutation { removeAdmin(email: "second@example.com") { role } }'));
    expect(await rows()).toEqual([
      expect.objectContaining({
        actorId: boss.id,
        action: 'REMOVE_ADMIN',
        targetType: 'USER',
        targetId: second.id,
        address: ADMIN_ADDRESS,
        detail: { email: 'second@example.com', newRole: 'INSTRUCTOR' },
      }),
    ]);
  });

  it('the legacy PUT and DELETE /api/users/{email} record MAKE_ADMIN and REMOVE_ADMIN; a second PUT changes nothing and records nothing', async () => {
    const pupil = await makeUser(given.db, { email: 'pupil@example.com' });
    for (const method of ['PUT', 'PUT', 'DELETE']) expect((await admin.request('/api/users/pupil@example.com', { method })).status).toBe(200);
    expect((await rows()).map((r) => [r.action, r.targetId, r.actorId, r.address])).toEqual([
      ['MAKE_ADMIN', pupil.id, boss.id, ADMIN_ADDRESS],
      ['REMOVE_ADMIN', pupil.id, boss.id, ADMIN_ADDRESS],
    ]);
  });

  it('an instructor creating, editing, publishing, unpublishing and deleting a course records each step', async () => {
    const created = await instructor.graphql<{ createCourse: { id: string } }>('mutation ($input: CourseInput!) { createCourse(input: $input) { id } }', {
      input: validCourse,
    });
    noErrors(created);
    const id = created.data!.createCourse.id;
    noErrors(
      await instructor.graphql('mutation ($id: ID!, $input: CourseInput!) { updateCourse(id: $id, input: $input) { id } }', {
        id,
        input: { ...validCourse, price: 20 },
      }),
    );
    noErrors(await instructor.graphql('mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { id } }', { id }));
    noErrors(await instructor.graphql('mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { id } }', { id }));
    noErrors(await instructor.graphql('mutation ($id: ID!) { deleteCourse(id: $id) }', { id }));
    const log = await rows();
    expect(log.map((r) => r.action)).toEqual(['CREATE_COURSE', 'UPDATE_COURSE', 'PUBLISH_COURSE', 'UNPUBLISH_COURSE', 'DELETE_COURSE']);
    for (const row of log)
      expect(row).toMatchObject({ actorId: teacher.id, actorEmail: 'teacher@example.com', targetType: 'COURSE', targetId: id, address: TEACHER_ADDRESS });
    expect(log[0].detail).toEqual({ name: 'Class 9 Physics', lessons: 1 });
    // A new dollar price proposes a new taka price too.
    expect(log[1].detail).toEqual({ name: 'Class 9 Physics', changed: ['price', 'priceBDT'], lessons: 1 });
    expect(log[4].detail).toEqual({ name: 'Class 9 Physics' });
  });

  it('the legacy POST /api/courses records the creation and the publishing', async () => {
    const res = await instructor.request('/api/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Sketch from A-Z',
        price: 350,
        description: 'Design',
        videos: { contents: [{ title: 'Intro', videoURL: '/media/videos/lesson-1.webm' }] },
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await rows()).map((r) => [r.action, r.targetId, r.actorId, r.address])).toEqual([
      ['CREATE_COURSE', id, teacher.id, TEACHER_ADDRESS],
      ['PUBLISH_COURSE', id, teacher.id, TEACHER_ADDRESS],
    ]);
  });

  it('a refund records REFUND_ENROLLMENT with the amount and the case, and no card data', async () => {
    const course = await makeCourse(given.db, { price: 20, name: 'Physics' });
    await makeUser(given.db, { email: 'buyer@example.com' }, 'buyer password');
    const buyer = await signedInClient(given.app.url, 'buyer@example.com', 'buyer password');
    const bought = await buyer.graphql<{ purchaseCourse: { enrollment: { id: string } } }>(
      `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { enrollment { id } } }`,
      { input: { courseId: course.id, paymentMethod: 'pm_card_visa' } },
    );
    const enrollmentId = bought.data!.purchaseCourse.enrollment.id;
    noErrors(
      await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, { id: enrollmentId }),
    );
    const log = await rows();
    expect(log).toEqual([
      expect.objectContaining({
        actorId: boss.id,
        action: 'REFUND_ENROLLMENT',
        targetType: 'ENROLLMENT',
        targetId: enrollmentId,
        address: ADMIN_ADDRESS,
        detail: { student: 'buyer@example.com', course: 'Physics', refundCase: 'COURSE_CANCELLED', percent: 100, amountCents: 2000, currency: 'usd' },
      }),
    ]);
    expect(JSON.stringify(log)).not.toMatch(/pm_card|4242/);
  });
});

describe('audit log: refused actions write nothing', () => {
  it('writes no row for refused role changes, account closings, course edits and refunds', async () => {
    await makeUser(given.db, { email: 'pupil@example.com' }, 'pupil password');
    const pupil = await signedInClient(given.app.url, 'pupil@example.com', 'pupil password');
    const other = await makeCourse(given.db, { name: 'Not theirs' });
    const sold = await makeCourse(given.db, { instructorId: teacher.id, price: 0 });
    await pupil.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: sold.id });
    const refused = [
      await pupil.graphql('mutation { makeAdmin(email: "pupil@example.com") { role } }'),
      await admin.graphql('mutation { removeAdmin(email: "boss@example.com") { role } }'),
      await admin.graphql('mutation { deleteUser(email: "boss@example.com") { id } }'),
      await admin.graphql('mutation { makeAdmin(email: "nobody@example.com") { role } }'),
      await instructor.graphql('mutation ($input: CourseInput!) { createCourse(input: $input) { id } }', { input: { ...validCourse, name: ' ' } }),
      await instructor.graphql('mutation ($id: ID!) { setCoursePublished(id: $id, published: false) { id } }', { id: other.id }),
      await instructor.graphql('mutation ($id: ID!) { deleteCourse(id: $id) }', { id: sold.id }),
      await pupil.graphql('mutation ($input: CourseInput!) { createCourse(input: $input) { id } }', { input: validCourse }),
      await admin.graphql('mutation { refundEnrollment(enrollmentId: "00000000-0000-4000-8000-000000000000", refundCase: COURSE_CANCELLED) { percent } }'),
    ];
    for (const body of refused) expect(body.errors).toHaveLength(1);
    expect((await admin.request('/api/users/boss@example.com', { method: 'DELETE' })).status).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it('an action whose audit row cannot be written does not happen', async () => {
    const course = await makeCourse(given.db, { instructorId: teacher.id });
    const pupil = await makeUser(given.db, { email: 'pupil@example.com' });
    const noAddress = null as unknown as string;
    await expect(deleteCourse(given.db, toViewer(teacher), course.id, noAddress)).rejects.toThrow();
    await expect(deleteUser(given.db, toViewer(boss), { email: pupil.email }, noAddress)).rejects.toThrow();
    expect(await given.db.getRepository(Course).existsBy({ id: course.id })).toBe(true);
    expect((await given.db.getRepository(User).findOneByOrFail({ id: pupil.id })).deletedAt).toBeNull();
    expect(await rows()).toEqual([]);
  });
});

describe('audit log query', () => {
  const LOG = `query ($action: AuditAction, $offset: Int!, $limit: Int!) {
    auditLog(action: $action, offset: $offset, limit: $limit) { total hasMore items { action actorEmail targetType targetId address detail createdAt } }
  }`;
  type Log = {
    auditLog: { total: number; hasMore: boolean; items: Array<{ action: string; actorEmail: string; address: string; detail: Record<string, unknown> }> };
  };

  it('gives admins the log newest first, paged and by action', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await makeUser(given.db, { email });
      noErrors(await admin.graphql(`mutation { makeAdmin(email: "${email}") { role } }`));
    }
    noErrors(await admin.graphql('mutation { deleteUser(email: "a@example.com") { id } }'));
    const first = await admin.graphql<Log>(LOG, { offset: 0, limit: 2 });
    noErrors(first);
    expect(first.data!.auditLog.total).toBe(4);
    expect(first.data!.auditLog.hasMore).toBe(true);
    expect(first.data!.auditLog.items.map((i) => [i.action, i.detail.email])).toEqual([
      ['CLOSE_ACCOUNT', 'a@example.com'],
      ['MAKE_ADMIN', 'c@example.com'],
    ]);
    expect(first.data!.auditLog.items[0]).toMatchObject({ actorEmail: 'boss@example.com', address: ADMIN_ADDRESS });
    const onlyPromotions = await admin.graphql<Log>(LOG, { action: 'MAKE_ADMIN', offset: 2, limit: 2 });
    expect(onlyPromotions.data!.auditLog).toMatchObject({ total: 3, hasMore: false, items: [{ action: 'MAKE_ADMIN', detail: { email: 'a@example.com' } }] });
    const tooMany = await admin.graphql(LOG, { offset: 0, limit: 51 });
    expect(tooMany.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses the log to visitors, students and instructors', async () => {
    await makeUser(given.db, { email: 'pupil@example.com' }, 'pupil password');
    const pupil = await signedInClient(given.app.url, 'pupil@example.com', 'pupil password');
    const codes = [];
    for (const client of [new HttpClient(given.app.url), pupil, instructor]) {
      const body = await client.graphql(LOG, { offset: 0, limit: 10 });
      expect(body.data).toBeNull();
      codes.push(body.errors![0].extensions?.code);
    }
    expect(codes).toEqual(['UNAUTHENTICATED', 'FORBIDDEN', 'FORBIDDEN']);
  });
});
