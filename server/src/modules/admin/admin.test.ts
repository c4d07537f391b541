import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';

let admin: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  await makeUser(given.db, { email: 'boss@example.com', name: 'Boss', role: Role.ADMIN }, 'boss password');
  admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
});

const roleOf = async (email: string) => (await given.db.getRepository(User).findOneByOrFail({ email })).role;

describe('admin', () => {
  it('sums users by role, courses, enrollments and revenue', async () => {
    await makeUser(given.db, { email: 't@example.com', role: Role.INSTRUCTOR });
    await makeUser(given.db, { email: 'buyer@example.com', name: 'Buyer' }, 'buyer password');
    const course = await makeCourse(given.db, { price: 30, name: 'Physics' });
    await makeCourse(given.db, { published: false });
    const buyer = await signedInClient(given.app.url, 'buyer@example.com', 'buyer password');
    await buyer.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, { id: course.id });
    const { data } = await admin.graphql(
      `{ adminSummary { students instructors admins courses publishedCourses enrollments revenue recentPurchases { studentName courseName amount } } }`,
    );
    expect(data).toEqual({
      adminSummary: {
        students: 1,
        instructors: 1,
        admins: 1,
        courses: 2,
        publishedCourses: 1,
        enrollments: 1,
        revenue: 30,
        recentPurchases: [{ studentName: 'Buyer', courseName: 'Physics', amount: 30 }],
      },
    });
  });

  it('lists users by role, searched and paged', async () => {
    for (let i = 0; i < 3; i++) await makeUser(given.db, { email: `s${i}@example.com`, name: `Student ${i}` });
    await makeUser(given.db, { email: 'teacher@example.com', name: 'Teacher', role: Role.INSTRUCTOR });
    const page = await admin.graphql<{ users: { total: number; items: Array<{ email: string }> } }>(
      `{ users(role: STUDENT, limit: 2) { total items { email } } }`,
    );
    expect(page.data!.users.total).toBe(3);
    expect(page.data!.users.items).toHaveLength(2);
    const found = await admin.graphql<{ users: { items: Array<{ email: string }> } }>(`{ users(search: "teach") { items { email } } }`);
    expect(found.data!.users.items).toEqual([{ email: 'teacher@example.com' }]);
  });

  it('promotes a user and demotes them back to their previous role, keeping the account', async () => {
    await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR });
    await admin.graphql(`mutation { makeAdmin(email: "teacher@example.com") { role } }`);
    expect(await roleOf('teacher@example.com')).toBe(Role.ADMIN);
    const { data } = await admin.graphql(`mutation { removeAdmin(email: "teacher@example.com") { role } }`);
    expect(data).toEqual({ removeAdmin: { role: 'INSTRUCTOR' } });
  });

  it("refuses to remove the last admin, or an admin's own role", async () => {
    const own = await admin.graphql(`mutation { removeAdmin(email: "boss@example.com") { role } }`);
    expect(own.errors![0]).toMatchObject({ message: 'You cannot remove your own admin role', extensions: { code: 'FORBIDDEN' } });
    await makeUser(given.db, { email: 'second@example.com', role: Role.ADMIN }, 'second password');
    const second = await signedInClient(given.app.url, 'second@example.com', 'second password');
    await second.graphql(`mutation { removeAdmin(email: "boss@example.com") { role } }`);
    expect(await roleOf('boss@example.com')).toBe(Role.STUDENT);
    const closed = await second.graphql(`mutation { deleteUser(email: "second@example.com") { email } }`);
    expect(closed.errors![0].extensions?.code).toBe('FORBIDDEN');
  });

  it('keeps at least one admin when two remove each other at once', async () => {
    await makeUser(given.db, { email: 'second@example.com', role: Role.ADMIN }, 'second password');
    const second = await signedInClient(given.app.url, 'second@example.com', 'second password');
    await Promise.all([
      admin.graphql(`mutation { removeAdmin(email: "second@example.com") { role } }`),
      second.graphql(`mutation { removeAdmin(email: "boss@example.com") { role } }`),
    ]);
    expect(await given.db.getRepository(User).countBy({ role: Role.ADMIN })).toBe(1);
  });

  it('closes an account: sign-in refused, the record kept', async () => {
    await makeUser(given.db, { email: 'leaver@example.com' }, 'leaver password');
    await admin.graphql(`mutation { deleteUser(email: "leaver@example.com") { email } }`);
    const login = await new HttpClient(given.app.url).graphql(`mutation { login(email: "leaver@example.com", password: "leaver password") { accessToken } }`);
    expect(login.errors![0].message).toBe(
      'This account is closed. To reopen it, call +880 9612-345678 or send us a message from the Support page; an admin will reopen it.',
    );
    expect(await given.db.getRepository(User).countBy({ email: 'leaver@example.com' })).toBe(1);
  });

  it('lists closed accounts apart, and reopens one so its owner can sign in again', async () => {
    await makeUser(given.db, { email: 'leaver@example.com', name: 'Leaver' }, 'leaver password');
    await makeUser(given.db, { email: 'stayer@example.com', name: 'Stayer' }, 'stayer password');
    await admin.graphql(`mutation { deleteUser(email: "leaver@example.com") { email } }`);
    const LIST = `query ($closed: Boolean) { users(closed: $closed) { items { email } } }`;
    const emails = async (closed: boolean | null) =>
      (await admin.graphql<{ users: { items: Array<{ email: string }> } }>(LIST, { closed })).data!.users.items.map((u) => u.email);
    expect(await emails(true)).toEqual(['leaver@example.com']);
    expect(await emails(null)).not.toContain('leaver@example.com');
    const REOPEN = `mutation ($email: String!) { reopenAccount(email: $email) { email } }`;
    expect((await admin.graphql(REOPEN, { email: 'stayer@example.com' })).errors![0].message).toBe('This account is not closed');
    const student = await signedInClient(given.app.url, 'stayer@example.com', 'stayer password');
    expect((await student.graphql(REOPEN, { email: 'leaver@example.com' })).errors).toBeDefined();
    expect(await emails(true)).toEqual(['leaver@example.com']);
    expect((await admin.graphql(REOPEN, { email: 'LEAVER@example.com' })).data).toEqual({ reopenAccount: { email: 'leaver@example.com' } });
    expect(await emails(true)).toEqual([]);
    const reopened = await given.db.query<Array<{ actorEmail: string; detail: { email: string } }>>(
      `SELECT "actorEmail", detail FROM audit_entry WHERE action = 'REOPEN_ACCOUNT'`,
    );
    expect(reopened.map((row) => [row.actorEmail, row.detail.email])).toEqual([['boss@example.com', 'leaver@example.com']]);
    const login = await new HttpClient(given.app.url).graphql(`mutation { login(email: "leaver@example.com", password: "leaver password") { accessToken } }`);
    expect(login.errors).toBeUndefined();
  });

  it('acts on an account made with a mobile number (no email) by its id, shows its number and finds it by the number', async () => {
    const numberOnly = await makeUser(given.db, { name: 'Rahim', email: null, passwordHash: null, phone: '+8801712345678', phoneConfirmedAt: new Date() });
    const LIST = `query ($search: String, $closed: Boolean) { users(search: $search, closed: $closed) { items { id name email phone role } } }`;
    const listed = async (search: string | null, closed: boolean | null = null) =>
      (await admin.graphql<{ users: { items: Array<Record<string, string | null>> } }>(LIST, { search, closed })).data!.users.items;
    expect(await listed(null)).toContainEqual({ id: numberOnly.id, name: 'Rahim', email: null, phone: '+8801712345678', role: 'STUDENT' });
    // Typed as people type it, Bangla digits too.
    expect((await listed('০১৭১২-৩৪৫৬৭৮')).map((u) => u.id)).toEqual([numberOnly.id]);

    const ACT = (field: string) => `mutation ($id: ID) { ${field}(id: $id) { id role } }`;
    expect((await admin.graphql(ACT('makeAdmin'), { id: numberOnly.id })).data).toEqual({ makeAdmin: { id: numberOnly.id, role: 'ADMIN' } });
    expect((await admin.graphql(ACT('removeAdmin'), { id: numberOnly.id })).data).toEqual({ removeAdmin: { id: numberOnly.id, role: 'STUDENT' } });
    expect((await admin.graphql(ACT('deleteUser'), { id: numberOnly.id })).errors).toBeUndefined();
    expect((await listed(null, true)).map((u) => u.id)).toEqual([numberOnly.id]);

    // Closed: its number and a code no longer sign in.
    const phone = new HttpClient(given.app.url);
    const signIn = async () => {
      await phone.graphql(`mutation { requestSignInCode(phone: "01712345678") }`);
      const [sms] = await given.db.getRepository(OutboxMessage).find({ where: { to: '+8801712345678' }, order: { createdAt: 'DESC' }, take: 1 });
      const code = /#(\d{6})\s*$/.exec(sms.text)![1];
      return phone.graphql<{ signInWithCode: { user: { id: string } } }>(
        `mutation ($code: String!) { signInWithCode(phone: "01712345678", code: $code) { user { id } } }`,
        {
          code,
        },
      );
    };
    expect((await signIn()).errors![0].extensions?.code).toBe('FORBIDDEN');
    expect((await admin.graphql(ACT('reopenAccount'), { id: numberOnly.id })).data).toEqual({ reopenAccount: { id: numberOnly.id, role: 'STUDENT' } });
    expect((await signIn()).data!.signInWithCode.user.id).toBe(numberOnly.id);

    // The audit log names the account by its number.
    const log = await admin.graphql<{ auditLog: { items: Array<{ action: string; targetId: string; summary: string }> } }>(
      `{ auditLog(limit: 10) { items { action targetId summary } } }`,
    );
    expect(log.data!.auditLog.items.map((entry) => [entry.action, entry.targetId, entry.summary]).reverse()).toEqual([
      ['MAKE_ADMIN', numberOnly.id, '+8801712345678 was made an admin (was student).'],
      ['REMOVE_ADMIN', numberOnly.id, '+8801712345678 is no longer an admin; now student.'],
      ['CLOSE_ACCOUNT', numberOnly.id, 'The account of +8801712345678 (student) was closed.'],
      ['REOPEN_ACCOUNT', numberOnly.id, 'The account of +8801712345678 was reopened.'],
    ]);
  });

  it('names an account by id or, as before, by email; an id nobody has is not found', async () => {
    const teacher = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR });
    // The older argument still works for integrators.
    expect((await admin.graphql(`mutation { makeAdmin(email: "Teacher@example.com") { id role } }`)).data).toEqual({
      makeAdmin: { id: teacher.id, role: 'ADMIN' },
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await admin.graphql(`mutation ($id: ID) { deleteUser(id: $id) { id } }`, { id });
      expect(missing.errors![0]).toMatchObject({ message: 'No such user', extensions: { code: 'USER_NOT_FOUND' } });
    }
    const neither = await admin.graphql(`mutation { removeAdmin { id } }`);
    expect(neither.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'id' } });
    expect(await roleOf('teacher@example.com')).toBe(Role.ADMIN);
  });

  it('keeps the legacy admin paths and their shapes', async () => {
    await makeUser(given.db, { email: 'teacher@example.com', name: 'Teacher', role: Role.INSTRUCTOR });
    const list = (await (await admin.request('/api/users')).json()) as Array<{ email: string; role: string }>;
    expect(list.map((u) => [u.email, u.role]).sort()).toEqual([
      ['boss@example.com', 'admin'],
      ['teacher@example.com', 'instructor'],
    ]);
    // A page at a time, like the other legacy lists.
    const pages = await Promise.all(
      ['?limit=1', '?offset=1&limit=1'].map(async (query) => (await (await admin.request(`/api/users${query}`)).json()) as Array<{ email: string }>),
    );
    expect(
      pages
        .flat()
        .map((u) => u.email)
        .sort(),
    ).toEqual(['boss@example.com', 'teacher@example.com']);
    expect((await admin.request('/api/users?limit=51')).status).toBe(400);
    const search = await admin.graphql(`query ($s: String) { users(search: $s) { total } }`, { s: 'x'.repeat(101) });
    expect(search.errors![0].message).toBe('Search must be at most 100 characters');
    const put = await admin.request('/api/users/teacher@example.com', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"x"}',
    });
    expect(await put.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null, upsertedCount: 0 });
    const again = await admin.request('/api/users/teacher@example.com', { method: 'PUT' });
    expect(((await again.json()) as { modifiedCount: number }).modifiedCount).toBe(0);
    const del = await admin.request('/api/users/teacher@example.com', { method: 'DELETE' });
    expect(await del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await roleOf('teacher@example.com')).toBe(Role.INSTRUCTOR);
  });
});
