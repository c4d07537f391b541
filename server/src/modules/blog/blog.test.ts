import { useAppPerFile } from '../../test/app-per-file';
import { makeUser } from '../../test/factories';
import { signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { Blog } from './blog.entity';

const given = useAppPerFile();

describe('blogs', () => {
  it('lets an instructor write a post that appears on the blog, counting reads when opened', async () => {
    await makeUser(given.db, { email: 'teacher@example.com', name: 'Anisul Hoque', role: Role.INSTRUCTOR }, 'a password');
    const teacher = await signedInClient(given.app.url, 'teacher@example.com', 'a password');
    const { data } = await teacher.graphql<{ createBlog: { id: string; author: string } }>(
      `mutation { createBlog(input: { title: "Study plan", img: "/media/blog/blog-exam.svg", description: "Plan your weeks." }) { id author } }`,
    );
    expect(data!.createBlog.author).toBe('Anisul Hoque');
    await given.visitor.graphql(`mutation ($id: ID!) { openBlog(id: $id) { reads } }`, { id: data!.createBlog.id });
    const opened = await given.visitor.graphql<{ openBlog: { reads: number } }>(`mutation ($id: ID!) { openBlog(id: $id) { reads } }`, {
      id: data!.createBlog.id,
    });
    expect(opened.data!.openBlog.reads).toBe(2);
    const list = await given.visitor.graphql(`{ blogs { items { title } } }`);
    expect(list.data).toEqual({ blogs: { items: [{ title: 'Study plan' }] } });
  });

  it('keeps a post in Bangla as written, in NFC', async () => {
    await makeUser(given.db, { email: 'teacher@example.com', name: 'শাহনাজ পারভীন', role: Role.INSTRUCTOR }, 'a password');
    const teacher = await signedInClient(given.app.url, 'teacher@example.com', 'a password');
    const post = { title: 'এসএসসির প্রস্তুতি: তিন মাসের পরিকল্পনা', description: 'প্রতিটি অধ্যা\u09DFের পর অনুশীলনী করো, আর র\u200D্যাপিড রিভিশন দাও।' };
    const { data, errors } = await teacher.graphql<{ createBlog: { id: string } }>(`mutation ($input: BlogInput!) { createBlog(input: $input) { id } }`, {
      input: post,
    });
    expect(errors).toBeUndefined();
    const list = await given.visitor.graphql(`{ blogs { items { title description author } } }`);
    expect(list.data).toEqual({
      blogs: { items: [{ title: post.title, description: 'প্রতিটি অধ্যা\u09AF\u09BCের পর অনুশীলনী করো, আর র\u200D্যাপিড রিভিশন দাও।', author: 'শাহনাজ পারভীন' }] },
    });
    expect(data!.createBlog.id).toBeTruthy();
  });

  it('refuses students and bad posts, and lets admins hide posts', async () => {
    await makeUser(given.db, { email: 'student@example.com' }, 'a password');
    const student = await signedInClient(given.app.url, 'student@example.com', 'a password');
    expect((await student.graphql(`mutation { createBlog(input: { title: "x", description: "y" }) { id } }`)).errors![0].extensions?.code).toBe('FORBIDDEN');
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'a password');
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'a password');
    const bad = await admin.graphql(`mutation { createBlog(input: { title: "", description: "", img: "javascript:x" }) { id } }`);
    expect(bad.errors![0].extensions?.fields).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      img: 'The image URL must start with https://',
    });
    const post = await given.db.getRepository(Blog).save({ title: 'Old', description: 'd', author: 'A', reads: 0 });
    await admin.graphql(`mutation ($id: ID!) { setBlogHidden(id: $id, hidden: true) { id } }`, { id: post.id });
    expect((await given.visitor.graphql(`{ blogs { total } }`)).data).toEqual({ blogs: { total: 0 } });
    expect((await given.visitor.graphql(`mutation ($id: ID!) { openBlog(id: $id) { id } }`, { id: post.id })).errors![0].message).toBe('Blog post not found');
  });
});
