import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { Blog } from '../blog/blog.entity';
import { Role } from '../user/role';
import { InboxMessage } from './inbox-message.entity';

let db: DataSource;
let app: TestApp;
let visitor: HttpClient;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});
beforeEach(async () => {
  await resetDatabase(db);
  visitor = new HttpClient(app.url);
});

const INBOX = `query ($kind: InboxKind!, $handled: Boolean) { inbox(kind: $kind, handled: $handled) { total items { id name email subject message handled } } }`;

describe('what visitors send', () => {
  it('stores complaints, contact messages and subscriptions for the admins, who mark them handled', async () => {
    await visitor.graphql(`mutation { submitComplaint(input: { name: "Rahim", email: "Rahim@Example.com", phone: "01712345678", subject: "Video", message: "Lesson 3 does not play" }) }`);
    await visitor.graphql(`mutation { submitContactMessage(input: { name: "Karim", email: "karim@example.com", message: "When is the next batch?" }) }`);
    await visitor.graphql(`mutation { subscribe(email: "reader@example.com") }`);
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'a password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'a password');
    const complaints = await admin.graphql<{ inbox: { items: Array<{ id: string }> } }>(INBOX, { kind: 'COMPLAINT' });
    expect(complaints.data).toMatchObject({ inbox: { total: 1, items: [{ name: 'Rahim', email: 'rahim@example.com', subject: 'Video', message: 'Lesson 3 does not play', handled: false }] } });
    expect((await admin.graphql(INBOX, { kind: 'CONTACT' })).data).toMatchObject({ inbox: { total: 1, items: [{ message: 'When is the next batch?' }] } });
    expect((await admin.graphql(INBOX, { kind: 'SUBSCRIPTION' })).data).toMatchObject({ inbox: { total: 1, items: [{ email: 'reader@example.com' }] } });
    await admin.graphql(`mutation ($id: ID!) { setInboxHandled(id: $id, handled: true) { handled } }`, { id: complaints.data!.inbox.items[0].id });
    expect((await admin.graphql(INBOX, { kind: 'COMPLAINT', handled: false })).data).toMatchObject({ inbox: { total: 0 } });
  });

  it("refuses empty fields with 'Please fill up all the fields' and stores nothing", async () => {
    const { errors } = await visitor.graphql(`mutation { submitContactMessage(input: { name: "Karim", email: " ", message: "" }) }`);
    expect(errors![0]).toMatchObject({ message: 'Please fill up all the fields', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Please fill up all the fields', message: 'Please fill up all the fields' } } });
    const complaint = await visitor.graphql(`mutation { submitComplaint(input: { name: "R", email: "not-an-email", phone: "1", subject: "s", message: "m" }) }`);
    expect(complaint.errors![0].message).toBe('Enter a valid email address');
    expect(await db.getRepository(InboxMessage).count()).toBe(0);
  });

  it('keeps one subscription per address', async () => {
    await visitor.graphql(`mutation { subscribe(email: "reader@example.com") }`);
    const again = await visitor.graphql(`mutation { subscribe(email: "READER@example.com") }`);
    expect(again.data).toEqual({ subscribe: true });
    expect(await db.getRepository(InboxMessage).count()).toBe(1);
  });

  it('limits how often one address can send', async () => {
    for (let i = 0; i < 30; i++) await visitor.graphql(`mutation { subscribe(email: "r${i}@example.com") }`);
    const { errors } = await visitor.graphql(`mutation { subscribe(email: "one-too-many@example.com") }`);
    expect(errors![0].extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect(await db.getRepository(InboxMessage).count()).toBe(30);
  });
});

describe('blogs', () => {
  it('lets an instructor write a post that appears on the blog, counting reads when opened', async () => {
    await makeUser(db, { email: 'teacher@example.com', name: 'Anisul Hoque', role: Role.INSTRUCTOR }, 'a password');
    const teacher = await signedInClient(app.url, 'teacher@example.com', 'a password');
    const { data } = await teacher.graphql<{ createBlog: { id: string; author: string } }>(
      `mutation { createBlog(input: { title: "Study plan", img: "/media/blog/blog-exam.svg", description: "Plan your weeks." }) { id author } }`,
    );
    expect(data!.createBlog.author).toBe('Anisul Hoque');
    await visitor.graphql(`mutation ($id: ID!) { openBlog(id: $id) { reads } }`, { id: data!.createBlog.id });
    const opened = await visitor.graphql<{ openBlog: { reads: number } }>(`mutation ($id: ID!) { openBlog(id: $id) { reads } }`, { id: data!.createBlog.id });
    expect(opened.data!.openBlog.reads).toBe(2);
    const list = await visitor.graphql(`{ blogs { items { title } } }`);
    expect(list.data).toEqual({ blogs: { items: [{ title: 'Study plan' }] } });
  });

  it('keeps a post in Bangla as written, in NFC', async () => {
    await makeUser(db, { email: 'teacher@example.com', name: 'শাহনাজ পারভীন', role: Role.INSTRUCTOR }, 'a password');
    const teacher = await signedInClient(app.url, 'teacher@example.com', 'a password');
    const post = { title: 'এসএসসির প্রস্তুতি: তিন মাসের পরিকল্পনা', description: 'প্রতিটি অধ্যা\u09DFের পর অনুশীলনী করো, আর র\u200D্যাপিড রিভিশন দাও।' };
    const { data, errors } = await teacher.graphql<{ createBlog: { id: string } }>(`mutation ($input: BlogInput!) { createBlog(input: $input) { id } }`, { input: post });
    expect(errors).toBeUndefined();
    const list = await visitor.graphql(`{ blogs { items { title description author } } }`);
    expect(list.data).toEqual({
      blogs: { items: [{ title: post.title, description: 'প্রতিটি অধ্যা\u09AF\u09BCের পর অনুশীলনী করো, আর র\u200D্যাপিড রিভিশন দাও।', author: 'শাহনাজ পারভীন' }] },
    });
    expect(data!.createBlog.id).toBeTruthy();
  });

  it('refuses students and bad posts, and lets admins hide posts', async () => {
    await makeUser(db, { email: 'student@example.com' }, 'a password');
    const student = await signedInClient(app.url, 'student@example.com', 'a password');
    expect((await student.graphql(`mutation { createBlog(input: { title: "x", description: "y" }) { id } }`)).errors![0].extensions?.code).toBe('FORBIDDEN');
    await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, 'a password');
    const admin = await signedInClient(app.url, 'boss@example.com', 'a password');
    const bad = await admin.graphql(`mutation { createBlog(input: { title: "", description: "", img: "javascript:x" }) { id } }`);
    expect(bad.errors![0].extensions?.fields).toEqual({ title: 'Title is required', description: 'Description is required', img: 'The image URL must start with https://' });
    const post = await db.getRepository(Blog).save({ title: 'Old', description: 'd', author: 'A', reads: 0 });
    await admin.graphql(`mutation ($id: ID!) { setBlogHidden(id: $id, hidden: true) { id } }`, { id: post.id });
    expect((await visitor.graphql(`{ blogs { total } }`)).data).toEqual({ blogs: { total: 0 } });
    expect((await visitor.graphql(`mutation ($id: ID!) { openBlog(id: $id) { id } }`, { id: post.id })).errors![0].message).toBe('Blog post not found');
  });
});
